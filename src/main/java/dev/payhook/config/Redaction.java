package dev.payhook.config;

import java.util.regex.Pattern;

/**
 * Text about a URI or a setting with its secrets masked, for a report or a log line: the value of
 * any option named like a secret, and the password of a URI's user info. Camel's own sanitizing
 * masks a URI, not the messages it writes about one ({@code Unknown parameters=[{password=..}]}).
 */
public final class Redaction {

    private static final Pattern SECRET_OPTION = Pattern.compile(
            "(?i)([\\w.-]*(?:password|passphrase|secret|token|apikey|api-key|api_key|accesskey|access-key|"
                    + "credential|authorization|privatekey|private-key)[\\w.-]*)=(?:RAW\\([^)]*\\)|[^&,;}\\]\\s]*)");

    private static final Pattern USER_INFO = Pattern.compile("(//[^/:@\\s]+):[^@/\\s]*@");

    private Redaction() {}

    public static String of(String text) {
        if (text == null) {
            return null;
        }
        String masked = SECRET_OPTION.matcher(text).replaceAll("$1=xxxxxx");
        return USER_INFO.matcher(masked).replaceAll("$1:xxxxxx@");
    }
}
