package org.signet.pdf.seal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Objects;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.signet.files.OwnerOnly;

/** The site's signing key and certificate, kept in a PKCS#12 file and created self-signed on first use. */
public final class SiteCertificate {

    static final int KEY_BITS = 3072;
    static final Duration VALIDITY = Duration.ofDays(3653);
    private static final String ALIAS = "signet-site";

    private final PrivateKey privateKey;
    private final List<X509Certificate> chain;

    private SiteCertificate(PrivateKey privateKey, List<X509Certificate> chain) {
        this.privateKey = privateKey;
        this.chain = List.copyOf(chain);
    }

    /** As {@link #loadOrCreate(Path, char[], CertificateSubject)}, a new certificate named by its common name alone. */
    public static SiteCertificate loadOrCreate(Path p12, char[] password, String commonName) throws IOException {
        return loadOrCreate(p12, password, CertificateSubject.named(commonName));
    }

    /**
     * Loads the key and certificate from {@code p12}, or when the file does not exist creates a
     * self-signed RSA 3072 certificate for {@code subject}, valid ten years, with a random serial,
     * and stores it there readable by the owner only. A file that exists is used as it is, whatever
     * it names.
     *
     * @throws IOException if the file cannot be read or written, the password is wrong, or the
     *     file holds no private key
     */
    public static SiteCertificate loadOrCreate(Path p12, char[] password, CertificateSubject subject)
            throws IOException {
        Objects.requireNonNull(p12, "p12");
        Objects.requireNonNull(password, "password");
        Objects.requireNonNull(subject, "subject");
        if (Files.exists(p12)) {
            return load(p12, password);
        }
        SiteCertificate created = create(subject);
        try {
            created.store(p12, password);
        } catch (FileAlreadyExistsException e) {
            // Another process created it between our check and our write: theirs wins.
            return load(p12, password);
        }
        return created;
    }

    /** The private key that signs finished documents. */
    public PrivateKey privateKey() {
        return privateKey;
    }

    /** The signing certificate (the first of the chain). */
    public X509Certificate certificate() {
        return chain.get(0);
    }

    /** The signing certificate followed by any issuers stored with it. */
    public List<X509Certificate> chain() {
        return chain;
    }

    private static SiteCertificate load(Path p12, char[] password) throws IOException {
        KeyStore store;
        try (InputStream in = Files.newInputStream(p12)) {
            store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
        } catch (GeneralSecurityException e) {
            throw new IOException("Cannot read the site certificate " + p12 + ": " + e.getMessage(), e);
        } catch (IOException e) {
            if (e.getCause() instanceof java.security.UnrecoverableKeyException) {
                throw new IOException("Cannot open the site certificate " + p12
                        + ": wrong password (or the file is damaged)", e);
            }
            throw new IOException("Cannot read the site certificate " + p12 + ": " + e.getMessage(), e);
        }
        try {
            for (String alias : Collections.list(store.aliases())) {
                if (store.isKeyEntry(alias)) {
                    return fromEntry(store, alias, password, p12);
                }
            }
        } catch (GeneralSecurityException e) {
            throw new IOException("Cannot open the key in the site certificate " + p12
                    + ": wrong password (or the file is damaged)", e);
        }
        throw new IOException("The site certificate " + p12 + " holds no private key");
    }

    private static SiteCertificate fromEntry(KeyStore store, String alias, char[] password, Path p12)
            throws GeneralSecurityException, IOException {
        Key key = store.getKey(alias, password);
        Certificate[] stored = store.getCertificateChain(alias);
        if (!(key instanceof PrivateKey) || stored == null || stored.length == 0) {
            throw new IOException("The site certificate " + p12 + " holds no usable key and certificate");
        }
        List<X509Certificate> chain = new ArrayList<>();
        for (Certificate c : stored) {
            chain.add((X509Certificate) c);
        }
        return new SiteCertificate((PrivateKey) key, chain);
    }

    private static SiteCertificate create(CertificateSubject subject) throws IOException {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(KEY_BITS, new SecureRandom());
            KeyPair pair = generator.generateKeyPair();
            return new SiteCertificate(pair.getPrivate(), List.of(selfSign(pair, subject)));
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IOException("Cannot create the site certificate: " + e.getMessage(), e);
        }
    }

    private static X509Certificate selfSign(KeyPair pair, CertificateSubject named)
            throws GeneralSecurityException, OperatorCreationException, CertIOException {
        X500Name subject = name(named);
        // Backdated an hour so a verifier with a slightly slow clock does not see it as not yet valid.
        Instant notBefore = Instant.now().minus(Duration.ofHours(1));
        Instant notAfter = ZonedDateTime.ofInstant(notBefore, ZoneOffset.UTC).plusYears(10).toInstant();
        BigInteger serial = new BigInteger(127, new SecureRandom()).add(BigInteger.ONE);
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject, serial,
                Date.from(notBefore), Date.from(notAfter), subject, pair.getPublic());
        JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        builder.addExtension(Extension.keyUsage, true,
                new KeyUsage(KeyUsage.digitalSignature | KeyUsage.nonRepudiation));
        builder.addExtension(Extension.subjectKeyIdentifier, false,
                utils.createSubjectKeyIdentifier(pair.getPublic()));
        if (named.address() != null) {
            builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(
                    new GeneralName(GeneralName.uniformResourceIdentifier, named.address().toString())));
        }
        var signer = new JcaContentSignerBuilder("SHA256withRSA").build(pair.getPrivate());
        return new JcaX509CertificateConverter().getCertificate(builder.build(signer));
    }

    /** The organisation first and the common name last, the order in which certificates usually encode them. */
    private static X500Name name(CertificateSubject subject) {
        X500NameBuilder name = new X500NameBuilder(BCStyle.INSTANCE);
        if (subject.organisation() != null) {
            name.addRDN(BCStyle.O, subject.organisation());
        }
        return name.addRDN(BCStyle.CN, subject.commonName()).build();
    }

    private void store(Path p12, char[] password) throws IOException {
        byte[] encoded = encode(password);
        Path dir = p12.toAbsolutePath().getParent();
        OwnerOnly.folder(dir);
        // Written to an owner-only temporary file first so the key is never readable by others,
        // not even for a moment, and a crash never leaves half a keystore behind.
        Path tmp = ownerOnlyTempFile(dir);
        try {
            Files.write(tmp, encoded);
            // A plain move refuses to replace a file another process stored meanwhile.
            Files.move(tmp, p12);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static Path ownerOnlyTempFile(Path dir) throws IOException {
        try {
            return Files.createTempFile(dir, ".site", ".p12.tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException e) {
            Path tmp = Files.createTempFile(dir, ".site", ".p12.tmp");
            var file = tmp.toFile();
            file.setReadable(false, false);
            file.setWritable(false, false);
            file.setReadable(true, true);
            file.setWritable(true, true);
            return tmp;
        }
    }

    private byte[] encode(char[] password) throws IOException {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(ALIAS, privateKey, password, chain.toArray(new Certificate[0]));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            store.store(out, password);
            return out.toByteArray();
        } catch (GeneralSecurityException e) {
            throw new IOException("Cannot encode the site certificate: " + e.getMessage(), e);
        }
    }
}
