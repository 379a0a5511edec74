package org.signet.evidence;

import java.net.URI;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.bouncycastle.asn1.ASN1Encodable;
import org.bouncycastle.asn1.ASN1IA5String;
import org.bouncycastle.asn1.ASN1ObjectIdentifier;
import org.bouncycastle.asn1.ASN1OctetString;
import org.bouncycastle.asn1.ASN1Primitive;
import org.bouncycastle.asn1.x509.AccessDescription;
import org.bouncycastle.asn1.x509.AuthorityInformationAccess;
import org.bouncycastle.asn1.x509.CRLDistPoint;
import org.bouncycastle.asn1.x509.DistributionPoint;
import org.bouncycastle.asn1.x509.DistributionPointName;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;

/**
 * The http addresses a certificate names for its own checking (RFC 5280 §4.2.2.1 and §4.2.1.13):
 * its issuer's OCSP responder and certificate, and its CRL distribution points.
 */
final class Addresses {
    private Addresses() {
    }

    static List<URI> ocsp(X509Certificate c) {
        return access(c, AccessDescription.id_ad_ocsp);
    }

    static List<URI> caIssuers(X509Certificate c) {
        return access(c, AccessDescription.id_ad_caIssuers);
    }

    static List<URI> crlDistributionPoints(X509Certificate c) {
        ASN1Primitive value = extension(c, Extension.cRLDistributionPoints);
        List<URI> out = new ArrayList<>();
        if (value == null) {
            return out;
        }
        for (DistributionPoint point : CRLDistPoint.getInstance(value).getDistributionPoints()) {
            DistributionPointName name = point.getDistributionPoint();
            if (name != null && name.getType() == DistributionPointName.FULL_NAME) {
                for (GeneralName g : GeneralNames.getInstance(name.getName()).getNames()) {
                    uri(g).ifPresent(out::add);
                }
            }
        }
        return out;
    }

    private static List<URI> access(X509Certificate c, ASN1ObjectIdentifier method) {
        ASN1Primitive value = extension(c, Extension.authorityInfoAccess);
        List<URI> out = new ArrayList<>();
        if (value == null) {
            return out;
        }
        for (AccessDescription d : AuthorityInformationAccess.getInstance(value).getAccessDescriptions()) {
            if (d.getAccessMethod().equals(method)) {
                uri(d.getAccessLocation()).ifPresent(out::add);
            }
        }
        return out;
    }

    /** An http(s) URI general name; LDAP and other schemes are not followed. */
    private static Optional<URI> uri(GeneralName g) {
        if (g.getTagNo() != GeneralName.uniformResourceIdentifier) {
            return Optional.empty();
        }
        ASN1Encodable name = g.getName();
        try {
            URI u = URI.create(ASN1IA5String.getInstance(name).getString().trim());
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            return scheme.equals("http") || scheme.equals("https") ? Optional.of(u) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static ASN1Primitive extension(X509Certificate c, ASN1ObjectIdentifier oid) {
        byte[] wrapped = c.getExtensionValue(oid.getId());
        if (wrapped == null) {
            return null;
        }
        try {
            return ASN1Primitive.fromByteArray(ASN1OctetString.getInstance(wrapped).getOctets());
        } catch (java.io.IOException | IllegalArgumentException e) {
            return null; // an unreadable extension names no address
        }
    }
}
