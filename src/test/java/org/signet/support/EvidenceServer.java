package org.signet.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.bouncycastle.asn1.ocsp.OCSPObjectIdentifiers;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.CRLReason;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.Extensions;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.X509v2CRLBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateHolder;
import org.bouncycastle.cert.ocsp.BasicOCSPRespBuilder;
import org.bouncycastle.cert.ocsp.CertificateID;
import org.bouncycastle.cert.ocsp.CertificateStatus;
import org.bouncycastle.cert.ocsp.OCSPReq;
import org.bouncycastle.cert.ocsp.OCSPReqBuilder;
import org.bouncycastle.cert.ocsp.OCSPResp;
import org.bouncycastle.cert.ocsp.OCSPRespBuilder;
import org.bouncycastle.cert.ocsp.Req;
import org.bouncycastle.cert.ocsp.RevokedStatus;
import org.bouncycastle.cert.ocsp.jcajce.JcaBasicOCSPRespBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;
import org.bouncycastle.tsp.TimeStampRequest;
import org.bouncycastle.tsp.TimeStampRequestGenerator;

/**
 * The outside world of a seal, on a loopback port: an RFC 3161 authority that is OpenSSL's
 * {@code openssl ts -reply} run on each query, an OCSP responder made with BouncyCastle's response
 * builder, and a CRL, all for the certificates of a {@link TestPki} made for this server's address.
 */
public final class EvidenceServer implements AutoCloseable {
    /** How the authority answers. */
    public enum Tsa { GRANT, REJECT, WRONG_IMPRINT, WRONG_NONCE, DOWN }

    private final HttpServer server;
    private final ExecutorService pool = Executors.newFixedThreadPool(4);
    private final Path dir;
    private final TestPki pki;
    private final Set<BigInteger> revoked = ConcurrentHashMap.newKeySet();
    private final AtomicInteger tsaQueries = new AtomicInteger();
    private final AtomicInteger ocspQueries = new AtomicInteger();
    private final AtomicInteger crlQueries = new AtomicInteger();
    private volatile Tsa tsaMode = Tsa.GRANT;
    private volatile boolean ocspDown;
    private volatile boolean crlDown;
    private volatile String lastAuthorization;

    private EvidenceServer(HttpServer server, Path dir, TestPki pki) {
        this.server = server;
        this.dir = dir;
        this.pki = pki;
    }

    /** Starts the server with a new PKI whose timestamping certificate is valid for {@code tsaValidity}. */
    public static EvidenceServer start(Path dir, Duration tsaValidity) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        TestPki pki = TestPki.create("http://127.0.0.1:" + server.getAddress().getPort(), tsaValidity);
        EvidenceServer s = new EvidenceServer(server, dir, pki);
        s.writeOpensslFiles();
        server.setExecutor(s.pool);
        server.createContext("/tsa", s::tsa);
        server.createContext("/ocsp", s::ocsp);
        server.createContext("/crl", s::crl);
        server.createContext("/root.cer", s::root);
        server.start();
        return s;
    }

    public TestPki pki() {
        return pki;
    }

    public String tsaUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/tsa";
    }

    /** An address on which nothing listens. */
    public static String deadUrl() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "http://127.0.0.1:" + s.getLocalPort() + "/tsa";
        }
    }

    /** Back to answering everything well, nothing revoked, no queries counted. */
    public void reset() {
        tsaMode = Tsa.GRANT;
        ocspDown = false;
        crlDown = false;
        revoked.clear();
        tsaQueries.set(0);
        ocspQueries.set(0);
        crlQueries.set(0);
        lastAuthorization = null;
    }

    public void tsa(Tsa mode) {
        tsaMode = mode;
    }

    public void ocspDown(boolean down) {
        ocspDown = down;
    }

    public void crlDown(boolean down) {
        crlDown = down;
    }

    public void revoke(X509Certificate c) {
        revoked.add(c.getSerialNumber());
    }

    public int tsaQueries() {
        return tsaQueries.get();
    }

    public int ocspQueries() {
        return ocspQueries.get();
    }

    public int crlQueries() {
        return crlQueries.get();
    }

    /** The Authorization header of the last query to the authority, or null. */
    public String lastAuthorization() {
        return lastAuthorization;
    }

    private void writeOpensslFiles() throws IOException {
        TestPki.writePem(dir.resolve("tsa.pem"), pki.tsa);
        TestPki.writePem(dir.resolve("tsa.key"), pki.tsaKey.getPrivate());
        TestPki.writePem(dir.resolve("root.pem"), pki.root);
        Files.writeString(dir.resolve("tsaserial"), "01\n");
        for (String name : new String[] {"tsa", "tsa-sha1"}) {
            Files.writeString(dir.resolve(name + ".cnf"), """
                    [ tsa ]
                    default_tsa = tsa_config
                    [ tsa_config ]
                    dir = %s
                    serial = $dir/tsaserial
                    crypto_device = builtin
                    signer_cert = $dir/tsa.pem
                    certs = $dir/root.pem
                    signer_key = $dir/tsa.key
                    signer_digest = sha256
                    default_policy = 1.3.6.1.4.1.99999.1
                    digests = %s
                    accuracy = secs:1
                    ordering = yes
                    tsa_name = yes
                    ess_cert_id_chain = no
                    ess_cert_id_alg = sha256
                    """.formatted(dir, name.equals("tsa") ? "sha256, sha384, sha512" : "sha1"));
        }
    }

    private void tsa(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] query = exchange.getRequestBody().readAllBytes();
            tsaQueries.incrementAndGet();
            lastAuthorization = exchange.getRequestHeaders().getFirst("Authorization");
            Tsa mode = tsaMode;
            if (mode == Tsa.DOWN) {
                exchange.sendResponseHeaders(503, -1);
                return;
            }
            byte[] reply = openssl(altered(query, mode), mode == Tsa.REJECT ? "tsa-sha1" : "tsa");
            exchange.getResponseHeaders().add("Content-Type", "application/timestamp-reply");
            exchange.sendResponseHeaders(200, reply.length);
            exchange.getResponseBody().write(reply);
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    /** The query OpenSSL is given: Signet's, or one over another imprint or with another nonce. */
    private static byte[] altered(byte[] query, Tsa mode) throws IOException {
        if (mode != Tsa.WRONG_IMPRINT && mode != Tsa.WRONG_NONCE) {
            return query;
        }
        TimeStampRequest asked = new TimeStampRequest(query);
        byte[] imprint = asked.getMessageImprintDigest().clone();
        BigInteger nonce = asked.getNonce();
        if (mode == Tsa.WRONG_IMPRINT) {
            imprint[0] ^= 0x01;
        } else {
            nonce = nonce.add(BigInteger.ONE);
        }
        TimeStampRequestGenerator g = new TimeStampRequestGenerator();
        g.setCertReq(true);
        return g.generate(asked.getMessageImprintAlgOID(), imprint, nonce).getEncoded();
    }

    /** {@code openssl ts -reply} on one query, one at a time: the serial file is shared. */
    private synchronized byte[] openssl(byte[] query, String config) throws Exception {
        Path in = Files.createTempFile(dir, "query", ".tsq");
        Path out = dir.resolve(in.getFileName() + ".tsr");
        Files.write(in, query);
        Process p = new ProcessBuilder("openssl", "ts", "-reply", "-config", dir.resolve(config + ".cnf").toString(),
                "-queryfile", in.toString(), "-out", out.toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0 || !Files.exists(out)) {
            throw new IOException("openssl ts -reply failed: " + output);
        }
        return Files.readAllBytes(out);
    }

    private void ocsp(HttpExchange exchange) throws IOException {
        try (exchange) {
            OCSPReq request = new OCSPReq(exchange.getRequestBody().readAllBytes());
            ocspQueries.incrementAndGet();
            if (ocspDown) {
                exchange.sendResponseHeaders(503, -1);
                return;
            }
            byte[] answer = ocspAnswer(request);
            exchange.getResponseHeaders().add("Content-Type", "application/ocsp-response");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    /** What the responder answers now about {@code c}, as an online OCSP source would hand it to a validator. */
    public byte[] ocspAnswerFor(X509Certificate c) throws Exception {
        var id = new CertificateID(new JcaDigestCalculatorProviderBuilder().build()
                .get(CertificateID.HASH_SHA1), new JcaX509CertificateHolder(pki.root),
                c.getSerialNumber());
        return ocspAnswer(new OCSPReqBuilder().addRequest(id).build());
    }

    private byte[] ocspAnswer(OCSPReq request) throws Exception {
        BasicOCSPRespBuilder b = new JcaBasicOCSPRespBuilder(pki.root.getPublicKey(),
                new JcaDigestCalculatorProviderBuilder().build().get(CertificateID.HASH_SHA1));
        Date now = new Date();
        Date next = Date.from(Instant.now().plus(Duration.ofDays(1)));
        for (Req r : request.getRequestList()) {
            CertificateStatus status = revoked.contains(r.getCertID().getSerialNumber())
                    ? new RevokedStatus(Date.from(Instant.now().minus(Duration.ofHours(1))), CRLReason.keyCompromise)
                    : CertificateStatus.GOOD;
            b.addResponse(r.getCertID(), status, now, next);
        }
        Extension nonce = request.getExtension(OCSPObjectIdentifiers.id_pkix_ocsp_nonce);
        if (nonce != null) {
            b.setResponseExtensions(new Extensions(nonce));
        }
        var signer = new JcaContentSignerBuilder("SHA256withRSA").build(pki.rootKey.getPrivate());
        var basic = b.build(signer, new X509CertificateHolder[] {new JcaX509CertificateHolder(pki.root)}, now);
        return new OCSPRespBuilder().build(OCSPRespBuilder.SUCCESSFUL, basic).getEncoded();
    }

    private void crl(HttpExchange exchange) throws IOException {
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            crlQueries.incrementAndGet();
            if (crlDown) {
                exchange.sendResponseHeaders(503, -1);
                return;
            }
            X509v2CRLBuilder b = new X509v2CRLBuilder(new X500Name(pki.root.getSubjectX500Principal().getName()),
                    new Date());
            b.setNextUpdate(Date.from(Instant.now().plus(Duration.ofDays(7))));
            for (BigInteger serial : revoked) {
                b.addCRLEntry(serial, Date.from(Instant.now().minus(Duration.ofHours(1))), CRLReason.keyCompromise);
            }
            byte[] crl = b.build(new JcaContentSignerBuilder("SHA256withRSA").build(pki.rootKey.getPrivate()))
                    .getEncoded();
            exchange.getResponseHeaders().add("Content-Type", "application/pkix-crl");
            exchange.sendResponseHeaders(200, crl.length);
            exchange.getResponseBody().write(crl);
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    private void root(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] der = pki.root.getEncoded();
            exchange.getResponseHeaders().add("Content-Type", "application/pkix-cert");
            exchange.sendResponseHeaders(200, der.length);
            exchange.getResponseBody().write(der);
        } catch (java.security.cert.CertificateEncodingException e) {
            throw new IOException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        pool.shutdownNow();
    }
}
