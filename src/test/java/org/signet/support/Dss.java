package org.signet.support;

import eu.europa.esig.dss.enumerations.Indication;
import eu.europa.esig.dss.enumerations.SignatureLevel;
import eu.europa.esig.dss.enumerations.SubIndication;
import eu.europa.esig.dss.enumerations.TimestampType;
import eu.europa.esig.dss.jaxb.object.Message;
import eu.europa.esig.dss.model.InMemoryDocument;
import eu.europa.esig.dss.model.x509.CertificateToken;
import eu.europa.esig.dss.simplereport.SimpleReport;
import eu.europa.esig.dss.spi.validation.CommonCertificateVerifier;
import eu.europa.esig.dss.spi.x509.CommonTrustedCertificateSource;
import eu.europa.esig.dss.spi.x509.revocation.ocsp.ExternalResourcesOCSPSource;
import eu.europa.esig.dss.validation.SignedDocumentValidator;
import eu.europa.esig.dss.validation.reports.Reports;
import java.io.ByteArrayInputStream;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;

/**
 * The EU's reference validator (DSS) run offline on a PDF: the test root is the only trust anchor,
 * and no revocation data comes from anywhere but the file, save OCSP answers a test hands in.
 */
public final class Dss {
    private Dss() {
    }

    /** What DSS concluded about the first signature, with its messages, and the document timestamps it saw. */
    public record Verdict(Indication indication, SubIndication subIndication, SignatureLevel level,
            List<String> errors, List<String> warnings, long documentTimestamps, Reports reports) {

        /** DSS found a change after the certification that the certification does not permit. */
        public boolean modified() {
            return warnings.stream().anyMatch(w -> w.contains("/DocMDP"))
                    || errors.stream().anyMatch(e -> e.contains("/DocMDP") || e.contains("page"));
        }

        @Override
        public String toString() {
            return indication + "/" + subIndication + " " + level + " errors=" + errors + " warnings=" + warnings
                    + " documentTimestamps=" + documentTimestamps;
        }
    }

    /** Validates {@code pdf} trusting {@code root}; {@code ocspAnswers} (DER) stand in for an online responder. */
    public static Verdict validate(byte[] pdf, X509Certificate root, byte[]... ocspAnswers) {
        CommonCertificateVerifier verifier = new CommonCertificateVerifier();
        CommonTrustedCertificateSource trusted = new CommonTrustedCertificateSource();
        trusted.addCertificate(new CertificateToken(root));
        verifier.setTrustedCertSources(trusted);
        verifier.setAIASource(null);
        verifier.setCrlSource(null);
        if (ocspAnswers.length > 0) {
            verifier.setOcspSource(new ExternalResourcesOCSPSource(java.util.Arrays.stream(ocspAnswers)
                    .map(ByteArrayInputStream::new).toArray(java.io.InputStream[]::new)));
        } else {
            verifier.setOcspSource(null);
        }
        SignedDocumentValidator validator = SignedDocumentValidator.fromDocument(new InMemoryDocument(pdf));
        validator.setCertificateVerifier(verifier);
        Reports reports = validator.validateDocument();
        SimpleReport simple = reports.getSimpleReport();
        String id = simple.getFirstSignatureId();
        long documentTimestamps = reports.getDiagnosticData().getTimestampList().stream()
                .filter(t -> t.getType() == TimestampType.DOCUMENT_TIMESTAMP).count();
        return new Verdict(simple.getIndication(id), simple.getSubIndication(id), simple.getSignatureFormat(id),
                texts(simple.getAdESValidationErrors(id)), texts(simple.getAdESValidationWarnings(id)),
                documentTimestamps, reports);
    }

    private static List<String> texts(List<Message> messages) {
        List<String> out = new ArrayList<>();
        messages.forEach(m -> out.add(m.getValue()));
        return out;
    }
}
