package dev.payhook.ops;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Every error answer of the order and ops API: {@code error} to branch on, {@code detail} saying
 * what is wrong and the fix, when there is more to say than the reason.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ApiError(String error, String detail) {}
