package dev.payhook.support;

import java.util.Collections;

/** YAML that grows as it is read: ten levels of anchors, each naming the one below ten times. */
public final class YamlBomb {

    private YamlBomb() {}

    /** A billion laughs: 90 aliases, 10^10 strings once expanded; the text itself is under 1 KB. */
    public static String laughs() {
        StringBuilder laughs = new StringBuilder("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
        for (int i = 1; i < 10; i++) {
            laughs.append("a").append(i).append(": &a").append(i).append(" [");
            laughs.append(String.join(", ", Collections.nCopies(10, "*a" + (i - 1))))
                    .append("]\n");
        }
        return laughs.toString();
    }
}
