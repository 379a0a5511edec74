package org.signet.support.dss;

import eu.europa.esig.dss.cms.CMS;
import eu.europa.esig.dss.cms.object.CMSObjectUtils;
import eu.europa.esig.dss.model.DSSDocument;
import eu.europa.esig.dss.model.DSSException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.bouncycastle.asn1.ASN1InputStream;

/**
 * DSS's CMS reader, made to read exactly one ASN.1 object as BouncyCastle 1.81 (which DSS 6.3 is
 * built for) did: a PDF signature's /Contents is zero-padded, and the project's BouncyCastle 1.86
 * refuses any byte after the CMS. Registered as the {@code ICMSUtils} service under test
 * resources, which come before DSS's own on the class path.
 */
public class PaddedContentsCmsUtils extends CMSObjectUtils {

    @Override
    public CMS parseToCMS(byte[] bytes) {
        return super.parseToCMS(firstObject(new ByteArrayInputStream(bytes)));
    }

    @Override
    public CMS parseToCMS(DSSDocument document) {
        try (InputStream in = document.openStream()) {
            return super.parseToCMS(firstObject(in));
        } catch (IOException e) {
            throw new DSSException("Not a valid CAdES file", e);
        }
    }

    private static byte[] firstObject(InputStream in) {
        try (ASN1InputStream asn1 = new ASN1InputStream(in)) {
            return asn1.readObject().getEncoded();
        } catch (IOException | RuntimeException e) {
            throw new DSSException("Not a valid CAdES file", e);
        }
    }
}
