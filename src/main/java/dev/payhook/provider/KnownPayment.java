package dev.payhook.provider;

import java.util.List;

/** A payment Payhook has recorded, as the reconciler asks about it: the refunds it knows by their ids. */
public record KnownPayment(String paymentId, String orderId, List<String> refundIds) {}
