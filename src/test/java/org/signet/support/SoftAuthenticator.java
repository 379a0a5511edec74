package org.signet.support;

import com.webauthn4j.converter.AttestationObjectConverter;
import com.webauthn4j.converter.AuthenticatorDataConverter;
import com.webauthn4j.converter.CollectedClientDataConverter;
import com.webauthn4j.converter.util.ObjectConverter;
import com.webauthn4j.data.attestation.AttestationObject;
import com.webauthn4j.data.attestation.authenticator.AAGUID;
import com.webauthn4j.data.attestation.authenticator.AttestedCredentialData;
import com.webauthn4j.data.attestation.authenticator.AuthenticatorData;
import com.webauthn4j.data.attestation.authenticator.EC2COSEKey;
import com.webauthn4j.data.attestation.statement.COSEAlgorithmIdentifier;
import com.webauthn4j.data.attestation.statement.NoneAttestationStatement;
import com.webauthn4j.data.client.ClientDataType;
import com.webauthn4j.data.client.CollectedClientData;
import com.webauthn4j.data.client.Origin;
import com.webauthn4j.data.client.challenge.DefaultChallenge;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import org.signet.crypto.Tokens;
import org.signet.webauthn.Ceremonies.Assertion;
import org.signet.webauthn.Ceremonies.Attestation;

/**
 * A passkey authenticator in software, for the service's tests: one P-256 key, "none" attestation, answers as a
 * browser would send them for any origin and relying party id the test names, so that a wrong one can be sent on
 * purpose. Its counter grows by one at each assertion unless a test sets it.
 */
public final class SoftAuthenticator {
    private static final ObjectConverter CONVERTER = new ObjectConverter();
    private static final byte UP = AuthenticatorData.BIT_UP;
    private static final byte UV = AuthenticatorData.BIT_UV;

    private final KeyPair keys;
    private final byte[] credentialId = Tokens.randomBytes(16);
    private byte[] userHandle;
    private long counter;

    public SoftAuthenticator() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            keys = generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public byte[] credentialId() {
        return credentialId.clone();
    }

    public void counter(long value) {
        counter = value;
    }

    /** The answer to {@code navigator.credentials.create()} for the base64url {@code challenge} and user handle. */
    public Attestation create(String origin, String rpId, String challenge, String userHandle) {
        this.userHandle = Base64.getUrlDecoder().decode(userHandle);
        AttestedCredentialData credential = new AttestedCredentialData(AAGUID.ZERO, credentialId,
                EC2COSEKey.create((ECPublicKey) keys.getPublic(), COSEAlgorithmIdentifier.ES256));
        AuthenticatorData<?> data = new AuthenticatorData<>(Tokens.sha256(rpId),
                (byte) (UP | UV | AuthenticatorData.BIT_AT), 0, credential);
        @SuppressWarnings("unchecked")
        AttestationObject object = new AttestationObject((AuthenticatorData) data, new NoneAttestationStatement());
        return new Attestation(clientData(ClientDataType.WEBAUTHN_CREATE, origin, challenge),
                new AttestationObjectConverter(CONVERTER).convertToBytes(object));
    }

    /** The answer to {@code navigator.credentials.get()}, with the user verified. */
    public Assertion get(String origin, String rpId, String challenge) {
        return get(origin, rpId, challenge, true);
    }

    /** The answer to {@code navigator.credentials.get()}; {@code verified}: whether the user verification flag is set. */
    public Assertion get(String origin, String rpId, String challenge, boolean verified) {
        counter++;
        byte[] authenticatorData = new AuthenticatorDataConverter(CONVERTER).convert(
                new AuthenticatorData<>(Tokens.sha256(rpId), verified ? (byte) (UP | UV) : UP, counter));
        byte[] clientData = clientData(ClientDataType.WEBAUTHN_GET, origin, challenge);
        byte[] signed = ByteBuffer.allocate(authenticatorData.length + 32).put(authenticatorData)
                .put(Tokens.sha256(clientData)).array();
        return new Assertion(credentialId(), clientData, authenticatorData, sign(signed), userHandle);
    }

    private byte[] sign(byte[] data) {
        try {
            Signature signature = Signature.getInstance("SHA256withECDSA");
            signature.initSign(keys.getPrivate());
            signature.update(data);
            return signature.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] clientData(ClientDataType type, String origin, String challenge) {
        return new CollectedClientDataConverter(CONVERTER).convertToBytes(new CollectedClientData(type,
                new DefaultChallenge(challenge), new Origin(origin), null));
    }
}
