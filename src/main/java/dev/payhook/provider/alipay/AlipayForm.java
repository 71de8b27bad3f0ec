package dev.payhook.provider.alipay;

import dev.payhook.provider.UnparseablePayload;
import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * An {@code application/x-www-form-urlencoded} notification decoded with the charset its own
 * {@code charset} parameter names (UTF-8 when absent), and the text Alipay signs: the parameters
 * sorted by key, {@code k=v} joined by {@code &}, without {@code sign}, {@code sign_type} and empty values.
 */
record AlipayForm(Map<String, String> params, Charset charset) {

    /** The charsets Alipay sends notifications in (its {@code charset} request parameter); GB18030 covers GBK and GB2312. */
    private static final Map<String, Charset> CHARSETS = Map.of(
            "utf-8",
            StandardCharsets.UTF_8,
            "utf8",
            StandardCharsets.UTF_8,
            "gbk",
            Charset.forName("GBK"),
            "gb2312",
            Charset.forName("GB2312"),
            "gb18030",
            Charset.forName("GB18030"));

    static AlipayForm parse(byte[] body) {
        String ascii = new String(body, StandardCharsets.ISO_8859_1);
        Charset charset = StandardCharsets.UTF_8;
        for (String pair : ascii.split("&", -1)) {
            if (pair.startsWith("charset=")) {
                charset = CHARSETS.get(pair.substring(8).trim().toLowerCase(Locale.ROOT));
                if (charset == null) {
                    throw new UnparseablePayload("the notification's charset is not one Alipay uses");
                }
            }
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (String pair : ascii.split("&", -1)) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            try {
                String key = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), charset);
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), charset);
                if (params.putIfAbsent(key, value) != null) {
                    throw new UnparseablePayload("a parameter appears twice");
                }
            } catch (IllegalArgumentException e) {
                throw new UnparseablePayload("not a form-encoded body");
            }
        }
        return new AlipayForm(params, charset);
    }

    /** The text of Alipay's notification check (its SDKs' rsaCheckV1): without sign and sign_type. */
    byte[] signedContent() {
        return content(true);
    }

    /** The same with sign_type kept (the SDKs' rsaCheckV2), which some senders sign. */
    byte[] signedContentWithSignType() {
        return content(false);
    }

    private byte[] content(boolean withoutSignType) {
        StringJoiner content = new StringJoiner("&");
        new TreeMap<>(params).forEach((k, v) -> {
            if (!k.equals("sign") && !(withoutSignType && k.equals("sign_type")) && v != null && !v.isEmpty()) {
                content.add(k + "=" + v);
            }
        });
        return content.toString().getBytes(charset);
    }

    String get(String key) {
        return params.get(key);
    }
}
