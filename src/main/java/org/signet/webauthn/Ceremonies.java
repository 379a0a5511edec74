package org.signet.webauthn;

import com.webauthn4j.WebAuthnManager;
import com.webauthn4j.converter.AttestedCredentialDataConverter;
import com.webauthn4j.converter.CollectedClientDataConverter;
import com.webauthn4j.converter.util.ObjectConverter;
import com.webauthn4j.credential.CredentialRecord;
import com.webauthn4j.credential.CredentialRecordImpl;
import com.webauthn4j.data.AuthenticationParameters;
import com.webauthn4j.data.AuthenticationRequest;
import com.webauthn4j.data.PublicKeyCredentialParameters;
import com.webauthn4j.data.PublicKeyCredentialType;
import com.webauthn4j.data.RegistrationData;
import com.webauthn4j.data.RegistrationParameters;
import com.webauthn4j.data.RegistrationRequest;
import com.webauthn4j.data.attestation.authenticator.AttestedCredentialData;
import com.webauthn4j.data.attestation.authenticator.AuthenticatorData;
import com.webauthn4j.data.attestation.statement.COSEAlgorithmIdentifier;
import com.webauthn4j.data.attestation.statement.NoneAttestationStatement;
import com.webauthn4j.data.client.Origin;
import com.webauthn4j.data.client.challenge.DefaultChallenge;
import com.webauthn4j.server.ServerProperty;
import java.util.List;

/**
 * The only user of webauthn4j: checks a new passkey's attestation and a sign-in's assertion against the relying
 * party and the challenge handed out, user verification required (W3C WebAuthn Level 2, sections 7.1 and 7.2).
 * Attestation statements are checked for form but not trusted to a vendor's root: a passkey proves who holds it,
 * not who made it. An assertion's signature counter must grow past the one kept, unless both are zero (section
 * 6.1.1), which webauthn4j refuses as a cloned authenticator. Everything that goes wrong is a
 * {@link CeremonyRefused}, so no library type leaves this package.
 */
public final class Ceremonies {
    /** ES256, EdDSA and RS256, the COSE algorithms offered to browsers, in order of preference. */
    public static final List<Long> ALGORITHMS = List.of(-7L, -8L, -257L);

    private final ObjectConverter converter = new ObjectConverter();
    private final WebAuthnManager manager = WebAuthnManager.createNonStrictWebAuthnManager(converter);
    private final AttestedCredentialDataConverter credentials = new AttestedCredentialDataConverter(converter);
    private final CollectedClientDataConverter clientData = new CollectedClientDataConverter(converter);
    private final List<PublicKeyCredentialParameters> parameters = ALGORITHMS.stream()
            .map(alg -> new PublicKeyCredentialParameters(PublicKeyCredentialType.PUBLIC_KEY,
                    COSEAlgorithmIdentifier.create(alg)))
            .toList();

    /** What a browser answers {@code navigator.credentials.create()} with. */
    public record Attestation(byte[] clientDataJson, byte[] attestationObject) {}

    /** What a browser answers {@code navigator.credentials.get()} with; {@code userHandle} may be null. */
    public record Assertion(byte[] credentialId, byte[] clientDataJson, byte[] authenticatorData, byte[] signature,
            byte[] userHandle) {}

    /** A new passkey: its id, the attested credential data its assertions are checked against, its counter. */
    public record Registered(byte[] credentialId, byte[] credential, long signCount) {}

    /** A passkey as kept: its attested credential data and the highest counter seen. */
    public record Known(byte[] credential, long signCount) {}

    /** The challenge the browser says it answered, to find the one handed out before anything else is checked. */
    public byte[] challengeOf(byte[] clientDataJson) throws CeremonyRefused {
        try {
            return clientData.convert(clientDataJson).getChallenge().getValue();
        } catch (RuntimeException e) {
            throw new CeremonyRefused("client data unreadable", e);
        }
    }

    /** The new passkey an attestation made, once it holds for {@code rp} and {@code challenge}. */
    public Registered register(RelyingParty rp, byte[] challenge, Attestation a) throws CeremonyRefused {
        try {
            RegistrationData data = manager.verify(new RegistrationRequest(a.attestationObject(), a.clientDataJson()),
                    new RegistrationParameters(server(rp, challenge), parameters, true, true));
            AuthenticatorData<?> authenticator = data.getAttestationObject().getAuthenticatorData();
            AttestedCredentialData credential = authenticator.getAttestedCredentialData();
            return new Registered(credential.getCredentialId(), credentials.convert(credential),
                    authenticator.getSignCount());
        } catch (RuntimeException e) {
            throw new CeremonyRefused("attestation refused: " + e.getMessage(), e);
        }
    }

    /** The assertion's counter, once it holds for {@code rp}, {@code challenge} and the passkey {@code known}. */
    public long verify(RelyingParty rp, byte[] challenge, Assertion a, Known known) throws CeremonyRefused {
        try {
            CredentialRecord record = new CredentialRecordImpl(new NoneAttestationStatement(), null, null, null,
                    known.signCount(), credentials.convert(known.credential()), null, null, null, null);
            AuthenticationRequest request = new AuthenticationRequest(a.credentialId(), a.userHandle(),
                    a.authenticatorData(), a.clientDataJson(), a.signature());
            return manager.verify(request, new AuthenticationParameters(server(rp, challenge), record, null, true, true))
                    .getAuthenticatorData().getSignCount();
        } catch (RuntimeException e) {
            throw new CeremonyRefused("assertion refused: " + e.getMessage(), e);
        }
    }

    private static ServerProperty server(RelyingParty rp, byte[] challenge) {
        return new ServerProperty(new Origin(rp.origin()), rp.id(), new DefaultChallenge(challenge));
    }
}
