package org.signet.support;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.AccessDescription;
import org.bouncycastle.asn1.x509.AuthorityInformationAccess;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.CRLDistPoint;
import org.bouncycastle.asn1.x509.DistributionPoint;
import org.bouncycastle.asn1.x509.DistributionPointName;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A test certificate authority made with BouncyCastle: a root, a seal certificate and a
 * timestamping certificate, both naming an OCSP responder and a CRL on a loopback address.
 */
public final class TestPki {
    public final KeyPair rootKey;
    public final X509Certificate root;
    public final KeyPair sealKey;
    public final X509Certificate seal;
    public final KeyPair tsaKey;
    public final X509Certificate tsa;

    /** The root's, the seal's and the authority's keys: made once per test run, as RSA keys take a while. */
    private static final KeyPair[] KEYS = {rsa(), rsa(), rsa()};

    /** What a certificate may be used for besides its key usage. */
    private enum Purpose { SEAL, TIMESTAMPING }

    private TestPki(String base, Duration tsaValidity) throws Exception {
        rootKey = KEYS[0];
        Instant now = Instant.now();
        root = issue(rootKey, "CN=Signet Test Root", rootKey, null, now.plus(Duration.ofDays(3650)), null, null);
        sealKey = KEYS[1];
        seal = issue(sealKey, "CN=Signet Test Seal", rootKey, root, now.plus(Duration.ofDays(730)), base, Purpose.SEAL);
        tsaKey = KEYS[2];
        tsa = issue(tsaKey, "CN=Signet Test TSA", rootKey, root, now.plus(tsaValidity), base, Purpose.TIMESTAMPING);
    }

    /**
     * Certificates naming {@code base} (such as {@code http://127.0.0.1:1234}) for their OCSP, CRL and
     * issuer; a negative {@code tsaValidity} makes a timestamping certificate that has expired.
     */
    public static TestPki create(String base, Duration tsaValidity) throws Exception {
        return new TestPki(base, tsaValidity);
    }

    private static KeyPair rsa() {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(2048, new SecureRandom());
            return g.generateKeyPair();
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static X509Certificate issue(KeyPair subjectKey, String subject, KeyPair issuerKey, X509Certificate issuer,
            Instant notAfter, String base, Purpose purpose) throws Exception {
        X500Name issuerName = new X500Name(issuer == null ? subject : issuer.getSubjectX500Principal().getName());
        X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(issuerName,
                new BigInteger(64, new SecureRandom()).add(BigInteger.ONE),
                Date.from(min(Instant.now().minus(Duration.ofHours(1)), notAfter.minus(Duration.ofDays(30)))),
                Date.from(notAfter), new X500Name(subject),
                subjectKey.getPublic());
        JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
        b.addExtension(Extension.subjectKeyIdentifier, false, utils.createSubjectKeyIdentifier(subjectKey.getPublic()));
        if (issuer == null) {
            b.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        } else {
            b.addExtension(Extension.authorityKeyIdentifier, false, utils.createAuthorityKeyIdentifier(issuer));
            b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
            b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.nonRepudiation));
            b.addExtension(Extension.authorityInfoAccess, false, new AuthorityInformationAccess(new AccessDescription[] {
                new AccessDescription(AccessDescription.id_ad_ocsp, uri(base + "/ocsp")),
                new AccessDescription(AccessDescription.id_ad_caIssuers, uri(base + "/root.cer"))}));
            b.addExtension(Extension.cRLDistributionPoints, false, new CRLDistPoint(new DistributionPoint[] {
                new DistributionPoint(new DistributionPointName(new GeneralNames(uri(base + "/crl"))), null, null)}));
        }
        if (purpose == Purpose.TIMESTAMPING) {
            b.addExtension(Extension.extendedKeyUsage, true, new ExtendedKeyUsage(KeyPurposeId.id_kp_timeStamping));
        }
        var signer = new JcaContentSignerBuilder("SHA256withRSA").build(issuerKey.getPrivate());
        return new JcaX509CertificateConverter().getCertificate(b.build(signer));
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }

    private static GeneralName uri(String s) {
        return new GeneralName(GeneralName.uniformResourceIdentifier, s);
    }

    /** The seal key with its chain up to the root, as {@code signing.p12} holds it. */
    public Path writeSealP12(Path file, String password) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("seal", sealKey.getPrivate(), password.toCharArray(), new Certificate[] {seal, root});
        try (OutputStream out = Files.newOutputStream(file)) {
            store.store(out, password.toCharArray());
        }
        return file;
    }

    /** Writes {@code object} (a certificate or a private key) as PEM. */
    public static void writePem(Path file, Object object) throws IOException {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter pem = new JcaPEMWriter(text)) {
            pem.writeObject(object instanceof PrivateKey k ? new org.bouncycastle.openssl.jcajce.JcaPKCS8Generator(k, null)
                    : object);
        }
        Files.writeString(file, text.toString());
    }
}
