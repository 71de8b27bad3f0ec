package dev.payhook.provider;

import java.util.Set;

/**
 * A scheme for notifications POSTed as a form, which carry all they say in the body and nothing in
 * headers (Alipay, Mollie).
 */
public abstract class FormPostScheme implements SignatureScheme {

    @Override
    public final Set<String> headerNames() {
        return Set.of();
    }

    @Override
    public final boolean acceptsContentType(String contentType) {
        return Acknowledgement.isMediaType(contentType, "application/x-www-form-urlencoded");
    }
}
