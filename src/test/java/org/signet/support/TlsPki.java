package org.signet.support;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
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
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A test certificate authority for Signet's own TLS, made with BouncyCastle: a root, and server
 * certificates (RSA 2048, 90 days, for {@code localhost} and {@code 127.0.0.1}, naming an OCSP
 * responder and a CRL as public ones do) written as the PKCS#12 file {@code server.tls.keystore} takes.
 */
public final class TlsPki {
    private static final String REVOCATION_BASE = "http://ca.signet.test";

    public final KeyPair rootKey;
    public final X509Certificate root;

    private TlsPki() throws Exception {
        rootKey = rsa();
        Instant now = Instant.now();
        X500Name name = new X500Name("CN=Signet Test TLS Root");
        X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(name, serial(), Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(Duration.ofDays(3650))), name, rootKey.getPublic());
        b.addExtension(Extension.subjectKeyIdentifier, false,
                new JcaX509ExtensionUtils().createSubjectKeyIdentifier(rootKey.getPublic()));
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
        b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
        root = sign(b);
    }

    public static TlsPki create() throws Exception {
        return new TlsPki();
    }

    /** A new key and server certificate, written over {@code file} as PKCS#12 with the chain; the certificate. */
    public X509Certificate writeKeystore(Path file, String password) throws Exception {
        KeyPair key = rsa();
        X509Certificate leaf = issue(key);
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("signet", key.getPrivate(), password.toCharArray(), new Certificate[] {leaf, root});
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        store.store(out, password.toCharArray());
        Files.write(file, out.toByteArray());
        return leaf;
    }

    /** The root as PEM, for OpenSSL and testssl.sh. */
    public Path writeRootPem(Path file) throws Exception {
        TestPki.writePem(file, root);
        return file;
    }

    /** A client context that trusts this root alone. */
    public SSLContext clientContext() throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("root", root);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), new SecureRandom());
        return context;
    }

    private X509Certificate issue(KeyPair key) throws Exception {
        Instant now = Instant.now();
        X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(root, serial(),
                Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(Duration.ofDays(90))),
                new X500Name("CN=localhost"), key.getPublic());
        JcaX509ExtensionUtils utils = new JcaX509ExtensionUtils();
        b.addExtension(Extension.subjectKeyIdentifier, false, utils.createSubjectKeyIdentifier(key.getPublic()));
        b.addExtension(Extension.authorityKeyIdentifier, false, utils.createAuthorityKeyIdentifier(root));
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        b.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
        b.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
        b.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
            new GeneralName(GeneralName.dNSName, "localhost"), new GeneralName(GeneralName.iPAddress, "127.0.0.1")}));
        b.addExtension(Extension.authorityInfoAccess, false, new AuthorityInformationAccess(new AccessDescription[] {
            new AccessDescription(AccessDescription.id_ad_ocsp, uri(REVOCATION_BASE + "/ocsp")),
            new AccessDescription(AccessDescription.id_ad_caIssuers, uri(REVOCATION_BASE + "/root.cer"))}));
        b.addExtension(Extension.cRLDistributionPoints, false, new CRLDistPoint(new DistributionPoint[] {
            new DistributionPoint(new DistributionPointName(new GeneralNames(uri(REVOCATION_BASE + "/root.crl"))),
                    null, null)}));
        return sign(b);
    }

    private X509Certificate sign(X509v3CertificateBuilder b) throws Exception {
        var signer = new JcaContentSignerBuilder("SHA256withRSA").build(rootKey.getPrivate());
        return new JcaX509CertificateConverter().getCertificate(b.build(signer));
    }

    private static BigInteger serial() {
        return new BigInteger(64, new SecureRandom()).add(BigInteger.ONE);
    }

    private static GeneralName uri(String s) {
        return new GeneralName(GeneralName.uniformResourceIdentifier, s);
    }

    private static KeyPair rsa() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048, new SecureRandom());
        return g.generateKeyPair();
    }
}
