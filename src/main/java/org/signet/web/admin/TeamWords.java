package org.signet.web.admin;

import java.util.Map;
import org.signet.domain.TeamRole;
import org.signet.error.Refusal;
import org.signet.http.Body;
import org.signet.http.Form;

/**
 * What the team pages read from their forms, and their refusals in the page's words. The Teams service
 * explains a refusal in English for the REST interface; a page says the same in its own language, such as
 * why a team's last owner stays, or which role a member would need.
 */
final class TeamWords {
    private TeamWords() {}

    /** The team's name from the form's {@code name}, held to the text rule. */
    static String name(Form form) {
        Body b = form.body();
        String name = b.requireLine("name", 100);
        b.check();
        return name;
    }

    /** The role chosen in the form's {@code role}; 400 naming the field for anything but a role. */
    static TeamRole role(AdminView v, Form form) {
        String role = form.value("role");
        for (TeamRole r : TeamRole.values()) {
            if (r.wire().equals(role)) {
                return r;
            }
        }
        throw Refusal.invalidParam("role", v.m.get("teams.role_invalid"));
    }

    /** A team page whose refusals are explained in the page's words. */
    static AdminRoutes.Page page(AdminRoutes.Page page) {
        return (req, s, v) -> {
            try {
                return page.handle(req, s, v);
            } catch (Refusal r) {
                throw explain(v, r);
            }
        };
    }

    /** A team change whose refusals are explained in the page's words. */
    static AdminRoutes.Action action(AdminRoutes.Action action) {
        return (req, s, v, form) -> {
            try {
                return action.handle(req, s, v, form);
            } catch (Refusal r) {
                throw explain(v, r);
            }
        };
    }

    /**
     * {@code r} with the page's sentence for it where the catalogue has one ({@code teams.error.<code>}), else as
     * it is. The code is the team pages' own, so that the error page shows this sentence rather than a general one.
     */
    static Refusal explain(AdminView v, Refusal r) {
        if (r.data().get("role") instanceof String role && r.kind() == Refusal.Kind.FORBIDDEN) {
            return new Refusal(r.kind(), "team_role", v.m.get("teams.error.role", v.m.get("teams.role." + role)), r.data());
        }
        if (r.code().equals("rest_invalid_param") && r.data().get("params") instanceof Map<?, ?> params
                && params.containsKey("email")) {
            return Refusal.invalidParam("email", v.m.get("teams.error.no_account"));
        }
        return v.m.find("teams.error." + r.code())
                .map(sentence -> new Refusal(r.kind(), "team_" + r.code(), sentence, r.data())).orElse(r);
    }
}
