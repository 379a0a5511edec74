package org.signet.evidence;

import java.io.IOException;
import java.net.URI;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bouncycastle.asn1.DEROctetString;
import org.bouncycastle.asn1.ocsp.OCSPObjectIdentifiers;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.Extensions;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509CertificateHolder;
import org.bouncycastle.cert.ocsp.BasicOCSPResp;
import org.bouncycastle.cert.ocsp.CertificateID;
import org.bouncycastle.cert.ocsp.CertificateStatus;
import org.bouncycastle.cert.ocsp.OCSPException;
import org.bouncycastle.cert.ocsp.OCSPReq;
import org.bouncycastle.cert.ocsp.OCSPReqBuilder;
import org.bouncycastle.cert.ocsp.OCSPResp;
import org.bouncycastle.cert.ocsp.RevokedStatus;
import org.bouncycastle.cert.ocsp.SingleResp;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentVerifierProviderBuilder;
import org.bouncycastle.operator.jcajce.JcaDigestCalculatorProviderBuilder;

/**
 * Asks an OCSP responder (RFC 6960) whether a certificate is good, and keeps the answer only when
 * it is signed by the issuer or a responder the issuer delegated to, is about this certificate,
 * echoes our nonce if it echoes one, and is current.
 */
final class OcspClient {
    static final int MAX_ANSWER_BYTES = 128 * 1024;
    /** How far ahead of our clock a responder's thisUpdate may be. */
    private static final Duration CLOCK_SKEW = Duration.ofMinutes(5);

    /** The DER response, and the certificates it carries (its responder's). */
    record Answer(byte[] encoded, List<X509Certificate> certificates) {}

    private final Http http;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    OcspClient(Http http, Clock clock) {
        this.http = http;
        this.clock = clock;
    }

    Answer fetch(URI url, X509Certificate certificate, X509Certificate issuer) throws IOException {
        try {
            CertificateID id = new CertificateID(new JcaDigestCalculatorProviderBuilder().build()
                    .get(CertificateID.HASH_SHA1), new JcaX509CertificateHolder(issuer), certificate.getSerialNumber());
            byte[] nonce = new byte[16];
            random.nextBytes(nonce);
            OCSPReq request = new OCSPReqBuilder().addRequest(id).setRequestExtensions(new Extensions(
                    new Extension(OCSPObjectIdentifiers.id_pkix_ocsp_nonce, false, new DEROctetString(nonce)))).build();
            byte[] answer = http.post(url, "application/ocsp-request", request.getEncoded(), MAX_ANSWER_BYTES);
            OCSPResp response = new OCSPResp(answer);
            if (response.getStatus() != OCSPResp.SUCCESSFUL) {
                throw new IOException("the responder answered status " + response.getStatus());
            }
            BasicOCSPResp basic = (BasicOCSPResp) response.getResponseObject();
            checkNonce(basic, nonce);
            List<X509Certificate> carried = verifySignature(basic, issuer);
            checkStatus(basic, id, certificate);
            return new Answer(response.getEncoded(), carried);
        } catch (OCSPException | OperatorCreationException | CertificateException | ClassCastException
                | IllegalArgumentException e) {
            throw new IOException("unusable OCSP answer: " + e.getMessage(), e);
        }
    }

    private static void checkNonce(BasicOCSPResp basic, byte[] nonce) throws IOException {
        Extension echoed = basic.getExtension(OCSPObjectIdentifiers.id_pkix_ocsp_nonce);
        // RFC 5019 responders answer from a cache without one; one that echoes must echo ours.
        if (echoed != null && !Arrays.equals(echoed.getExtnValue().getOctets(), new DEROctetString(nonce).getEncoded())
                && !Arrays.equals(echoed.getExtnValue().getOctets(), nonce)) {
            throw new IOException("the answer's nonce is not ours");
        }
    }

    /** Verifies the response's signature; answers the certificates it carries. */
    private static List<X509Certificate> verifySignature(BasicOCSPResp basic, X509Certificate issuer)
            throws IOException, OCSPException, OperatorCreationException, CertificateException {
        List<X509Certificate> carried = new ArrayList<>();
        for (X509CertificateHolder h : basic.getCerts()) {
            carried.add(new JcaX509CertificateConverter().getCertificate(h));
        }
        if (basic.isSignatureValid(new JcaContentVerifierProviderBuilder().build(issuer))) {
            return carried;
        }
        for (X509Certificate responder : carried) {
            if (delegatedBy(responder, issuer)
                    && basic.isSignatureValid(new JcaContentVerifierProviderBuilder().build(responder))) {
                return carried;
            }
        }
        throw new IOException("the answer is signed neither by the issuer nor by a responder it named");
    }

    /** RFC 6960 §4.2.2.2: issued by the certificate's issuer and marked for OCSP signing. */
    private static boolean delegatedBy(X509Certificate responder, X509Certificate issuer) {
        try {
            responder.verify(issuer.getPublicKey());
            List<String> usages = responder.getExtendedKeyUsage();
            return usages != null && usages.contains(KeyPurposeId.id_kp_OCSPSigning.getId());
        } catch (java.security.GeneralSecurityException e) {
            return false;
        }
    }

    private void checkStatus(BasicOCSPResp basic, CertificateID id, X509Certificate certificate) throws IOException {
        for (SingleResp single : basic.getResponses()) {
            if (!single.getCertID().equals(id)) {
                continue;
            }
            CertificateStatus status = single.getCertStatus();
            if (status instanceof RevokedStatus revoked) {
                throw new CertificateRevokedException(certificate.getSubjectX500Principal().getName()
                        + " was revoked at " + revoked.getRevocationTime().toInstant());
            }
            if (status != CertificateStatus.GOOD) {
                throw new IOException("the responder does not know the certificate");
            }
            var now = clock.instant();
            if (single.getThisUpdate().toInstant().isAfter(now.plus(CLOCK_SKEW))
                    || single.getNextUpdate() != null && single.getNextUpdate().toInstant().isBefore(now)) {
                throw new IOException("the answer is not current");
            }
            return;
        }
        throw new IOException("the answer is about another certificate");
    }
}
