package org.signet.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The builder every page and email is written with: values are text unless they are markup already. */
class HtmlTest {
    private static final String HOSTILE = "\"><script>alert('x&y')</script><a title='";

    @Test
    void of_hostileValueInText_escaped() {
        assertEquals("<p>&quot;&gt;&lt;script&gt;alert(&#39;x&amp;y&#39;)&lt;/script&gt;&lt;a title=&#39;</p>",
                Html.of("<p>{}</p>", HOSTILE).toString());
    }

    @Test
    void of_hostileValueInAttributes_cannotCloseEitherQuote() {
        String markup = Html.of("<a href=\"{}\" title='{}'>x</a>", HOSTILE, HOSTILE).toString();

        assertEquals("<a href=\"&quot;&gt;&lt;script&gt;alert(&#39;x&amp;y&#39;)&lt;/script&gt;&lt;a title=&#39;\""
                + " title='&quot;&gt;&lt;script&gt;alert(&#39;x&amp;y&#39;)&lt;/script&gt;&lt;a title=&#39;'>x</a>",
                markup);
    }

    @Test
    void of_entityInValue_escapedAgainSoItShowsAsTyped() {
        assertEquals("<b>&amp;amp; &amp;#39;</b>", Html.of("<b>{}</b>", "&amp; &#39;").toString());
    }

    @Test
    void of_htmlValue_placedAsItIs() {
        Html inner = Html.of("<em>{}</em>", "<i>");

        assertEquals("<p><em>&lt;i&gt;</em> &amp;</p>", Html.of("<p>{} {}</p>", inner, "&").toString());
    }

    @Test
    void of_nullNumberAndControlCharacters() {
        assertEquals("<td></td><td>42</td><td>a b\tc\n</td>",
                Html.of("<td>{}</td><td>{}</td><td>{}</td>", null, 42, "a\u0000b\tc\n").toString());
    }

    @Test
    void of_holesAndValuesNotPaired_refused() {
        assertThrows(IllegalArgumentException.class, () -> Html.of("<p>{}</p>"));
        assertThrows(IllegalArgumentException.class, () -> Html.of("<p>{}</p>", "a", "b"));
    }

    @Test
    void message_wordsEscaped_argumentsPlacedAsOf() {
        Html strong = Html.of("<strong>{}</strong>", "A&B");

        assertEquals("Sent by <strong>A&amp;B</strong> to &lt;you&gt; &amp; &lt;b&gt; {2}",
                Html.message("Sent by {0} to <you> & {1} {2}", strong, "<b>").toString());
    }

    @Test
    void fill_holesByName_valuesEscaped_unknownHolesKept_onePass() {
        Pattern holes = Pattern.compile("\\{\\{([a-z]+)}}");
        Html template = Html.trusted("<h1>{{title}}</h1><p>{{body}}</p>{{later}}");

        Html filled = Html.fill(template, holes, name -> switch (name) {
            case "title" -> "<x> {{body}}";
            case "body" -> Html.trusted("<br />");
            default -> null;
        });

        assertEquals("<h1>&lt;x&gt; {{body}}</h1><p><br /></p>{{later}}", filled.toString());
    }

    @Test
    void joinAndThen_keepMarkup() {
        List<Html> rows = Stream.of("<1>", "2").map(v -> Html.of("<li>{}</li>", v)).toList();

        assertEquals("<li>&lt;1&gt;</li><li>2</li>", Html.join(rows).toString());
        assertEquals("<ul></ul>", Html.trusted("<ul>").then(Html.join(List.of())).then(Html.trusted("</ul>")).toString());
        assertTrue(Html.EMPTY.isEmpty());
        assertEquals(Html.trusted("<br />"), Html.of("<br />"));
    }
}
