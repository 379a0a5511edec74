package org.signet.evidence;

import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.logging.Logger;
import org.bouncycastle.asn1.cmp.PKIStatus;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cms.jcajce.JcaSimpleSignerInfoVerifierBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.tsp.TSPAlgorithms;
import org.bouncycastle.tsp.TSPException;
import org.bouncycastle.tsp.TimeStampRequest;
import org.bouncycastle.tsp.TimeStampRequestGenerator;
import org.bouncycastle.tsp.TimeStampResponse;
import org.bouncycastle.tsp.TimeStampToken;
import org.signet.pdf.seal.Timestamper;

/**
 * RFC 3161 time-stamp authorities, asked in the order configured until one answers with a token
 * that passes every check: granted, over our SHA-256 imprint with our nonce, signed by a certificate
 * that was valid at the token's time and is meant only for timestamping (RFC 3161 §2.3).
 */
public final class TimestampAuthority implements Timestamper {
    private static final Logger LOG = Logger.getLogger("signet.evidence");
    /** A reply carries one signature and the authority's certificates: far below this. */
    static final int MAX_REPLY_BYTES = 256 * 1024;

    private final List<URI> urls;
    private final Http http;
    private final SecureRandom random = new SecureRandom();

    public TimestampAuthority(List<URI> urls, Http http) {
        if (urls.isEmpty()) {
            throw new IllegalArgumentException("at least one time-stamp authority is needed");
        }
        this.urls = List.copyOf(urls);
        this.http = Objects.requireNonNull(http, "http");
    }

    @Override
    public byte[] timestamp(byte[] content) throws IOException {
        byte[] imprint = sha256(content);
        List<String> failures = new ArrayList<>();
        for (URI url : urls) {
            try {
                return ask(url, imprint);
            } catch (IOException e) {
                failures.add(Http.redacted(url) + ": " + e.getMessage());
                LOG.warning("time-stamp authority " + Http.redacted(url) + " gave no usable token: " + e.getMessage());
            }
        }
        throw new IOException("no time-stamp authority gave a usable token (" + String.join("; ", failures) + ")");
    }

    private byte[] ask(URI url, byte[] imprint) throws IOException {
        TimeStampRequestGenerator generator = new TimeStampRequestGenerator();
        generator.setCertReq(true);
        TimeStampRequest request = generator.generate(TSPAlgorithms.SHA256, imprint, new BigInteger(64, random));
        byte[] reply = http.post(url, "application/timestamp-query", request.getEncoded(), MAX_REPLY_BYTES);
        try {
            TimeStampResponse response = new TimeStampResponse(reply);
            return check(request, response).getEncoded();
        } catch (TSPException | IllegalArgumentException | ClassCastException e) {
            throw new IOException("unusable reply: " + e.getMessage(), e);
        }
    }

    /** The token of a reply that passed every check, or an exception saying which failed. */
    static TimeStampToken check(TimeStampRequest request, TimeStampResponse response) throws TSPException, IOException {
        int status = response.getStatus();
        if (status != PKIStatus.GRANTED && status != PKIStatus.GRANTED_WITH_MODS) {
            throw new IOException("the request was refused (status " + status
                    + (response.getStatusString() == null ? "" : ", " + response.getStatusString()) + ")");
        }
        // Imprint, nonce, and the certificate asked for (certReq) are checked against the request.
        response.validate(request);
        TimeStampToken token = response.getTimeStampToken();
        X509CertificateHolder signer = signerCertificate(token);
        KeyUsage usage = signer.hasExtensions() ? KeyUsage.fromExtensions(signer.getExtensions()) : null;
        if (usage != null && !usage.hasUsages(KeyUsage.digitalSignature) && !usage.hasUsages(KeyUsage.nonRepudiation)) {
            throw new IOException("the authority's certificate may not sign");
        }
        try {
            // Checks the signature, the certificate's validity at the token's time and its one,
            // critical extended key usage, id-kp-timeStamping.
            token.validate(new JcaSimpleSignerInfoVerifierBuilder().build(signer));
        } catch (OperatorCreationException | java.security.cert.CertificateException e) {
            throw new IOException("the authority's certificate cannot be used: " + e.getMessage(), e);
        }
        return token;
    }

    @SuppressWarnings("unchecked")
    private static X509CertificateHolder signerCertificate(TimeStampToken token) throws IOException {
        var matches = token.getCertificates().getMatches(token.getSID());
        if (matches.isEmpty()) {
            throw new IOException("the token does not carry the authority's certificate");
        }
        return (X509CertificateHolder) matches.iterator().next();
    }

    private static byte[] sha256(byte[] content) throws IOException {
        try {
            return MessageDigest.getInstance("SHA-256").digest(content);
        } catch (GeneralSecurityException e) {
            throw new IOException(e);
        }
    }
}
