package org.signet.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaCertStore;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.cms.SignerInfoGenerator;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoGeneratorBuilder;
import org.bouncycastle.operator.DigestCalculator;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.bouncycastle.tsp.TSPAlgorithms;
import org.bouncycastle.tsp.TSPException;
import org.bouncycastle.tsp.TimeStampRequest;
import org.bouncycastle.tsp.TimeStampResponseGenerator;
import org.bouncycastle.tsp.TimeStampTokenGenerator;

/**
 * An RFC 3161 time-stamp authority on the loopback interface, for the bench's B-LTA seals: a key and
 * a self-signed certificate made when it starts, BouncyCastle's response generator, and no revocation
 * data to fetch. Signet and the baseline ask the same authority, so its cost is in both figures and
 * the ratio shows what Signet adds around the timestamps.
 */
final class LocalTimestampAuthority implements AutoCloseable {
    /** An arbitrary policy: the bench's tokens vouch for nothing outside the bench. */
    private static final ASN1ObjectIdentifier POLICY = new ASN1ObjectIdentifier("1.3.6.1.4.1.55555.1.1");

    private final HttpServer server;
    private final ExecutorService workers;
    private final TimeStampResponseGenerator responses;
    private final AtomicLong serial = new AtomicLong();

    private LocalTimestampAuthority(HttpServer server, ExecutorService workers, TimeStampResponseGenerator responses) {
        this.server = server;
        this.workers = workers;
        this.responses = responses;
    }

    static LocalTimestampAuthority start() throws IOException {
        TimeStampResponseGenerator responses = responses();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        ExecutorService workers = Executors.newFixedThreadPool(2);
        LocalTimestampAuthority authority = new LocalTimestampAuthority(server, workers, responses);
        server.createContext("/", authority::answer);
        server.setExecutor(workers);
        server.start();
        return authority;
    }

    URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/tsa");
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            byte[] reply;
            try {
                TimeStampRequest request = new TimeStampRequest(in.readAllBytes());
                reply = responses.generate(request, BigInteger.valueOf(serial.incrementAndGet()), new Date()).getEncoded();
            } catch (IOException | TSPException | RuntimeException e) {
                exchange.sendResponseHeaders(400, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", "application/timestamp-reply");
            exchange.sendResponseHeaders(200, reply.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(reply);
            }
        }
    }

    private static TimeStampResponseGenerator responses() throws IOException {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            KeyPair key = generator.generateKeyPair();
            X509Certificate certificate = certificate(key);
            SignerInfoGenerator signer = new JcaSimpleSignerInfoGeneratorBuilder()
                    .build("SHA256withRSA", key.getPrivate(), certificate);
            DigestCalculator sha256 = new JcaDigestCalculatorProviderBuilder().build()
                    .get(new org.bouncycastle.asn1.x509.AlgorithmIdentifier(
                            org.bouncycastle.asn1.nist.NISTObjectIdentifiers.id_sha256));
            TimeStampTokenGenerator tokens = new TimeStampTokenGenerator(signer, sha256, POLICY);
            tokens.addCertificates(new JcaCertStore(List.of(certificate)));
            return new TimeStampResponseGenerator(tokens, TSPAlgorithms.ALLOWED);
        } catch (GeneralSecurityException | OperatorCreationException | TSPException e) {
            throw new IOException("the bench's time-stamp authority could not be made: " + e.getMessage(), e);
        }
    }

    /** Self-signed, for time-stamping only (the extended key usage RFC 3161 requires, marked critical). */
    private static X509Certificate certificate(KeyPair key)
            throws GeneralSecurityException, OperatorCreationException, IOException {
        X500Name name = new X500Name("CN=Signet bench time-stamp authority");
        Instant now = Instant.now();
        JcaX509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, BigInteger.ONE,
                Date.from(now.minus(Duration.ofHours(1))), Date.from(now.plus(Duration.ofDays(30))), name, key.getPublic());
        builder.addExtension(Extension.extendedKeyUsage, true, new ExtendedKeyUsage(KeyPurposeId.id_kp_timeStamping));
        builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature));
        X509CertificateHolder holder = builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(key.getPrivate()));
        return new JcaX509CertificateConverter().getCertificate(holder);
    }

    @Override
    public void close() {
        server.stop(0);
        workers.shutdownNow();
    }
}
