package org.signet.domain;

/**
 * One entry of an account's record: a sign-in ({@code method} set) or a change of its second factors
 * ({@code change} set), when, from which address, and for a change made by an administrator, who.
 *
 * @param issuer the identity provider of a single sign-on, else null
 * @param byUserId the administrator who changed the factors, else null (the user, or the command line)
 */
public record AccountEvent(long at, SignInMethod method, FactorChange change, String issuer, String ipAddress,
        Long byUserId) {}
