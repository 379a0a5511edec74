package org.signet.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RouterTest {
    private static final Handler A = r -> Response.ok("a");
    private static final Handler B = r -> Response.ok("b");

    @Test
    void add_sameMethodAndShapeTwiceFailsAtOnce() {
        Router r = new Router();
        r.get("/documents/{id}", A);
        assertThrows(IllegalStateException.class, () -> r.get("/documents/{other}", B));
        r.post("/documents/{id}", B);
    }

    @Test
    void match_bindsParametersAndPrefersLiterals() {
        Router r = new Router();
        r.post("/documents/{id}", A);
        r.post("/documents/upload", B);
        assertEquals(B, r.match("POST", "/documents/upload").orElseThrow().handler());
        Router.Match m = r.match("POST", "/documents/42").orElseThrow();
        assertEquals(A, m.handler());
        assertEquals("42", m.params().get("id"));
    }

    @Test
    void match_toleratesOneTrailingSlashButNotEmptySegments() {
        Router r = new Router();
        r.get("/documents/{id}/audit", A);
        assertTrue(r.match("GET", "/documents/7/audit/").isPresent());
        assertTrue(r.match("GET", "/documents//audit").isEmpty());
        assertTrue(r.match("GET", "/documents/7").isEmpty());
        assertTrue(r.match("PUT", "/documents/7/audit").isEmpty());
    }

    @Test
    void match_namesTheRouteByItsPattern_neverByThePath() {
        Router r = new Router();
        r.get("/documents/{id}/audit", A);
        r.get("/", B);
        assertEquals("/documents/{id}/audit", r.match("GET", "/documents/7/audit/").orElseThrow().pattern());
        assertEquals("/documents/{id}/audit", r.match("HEAD", "/documents/8/audit").orElseThrow().pattern());
        assertEquals("/", r.match("GET", "/").orElseThrow().pattern());
    }
}
