package dev.payhook.ops;

import java.util.stream.Collectors;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * The answer to a request the API cannot take: 400 with a machine-readable {@code error} and a
 * {@code detail} in words; 404, 409 or 422 for a {@link Refusal}. The detail names the field, never repeats the value: it may be huge or
 * hold anything.
 */
@RestControllerAdvice(basePackageClasses = ApiErrors.class)
public class ApiErrors {

    @ExceptionHandler(Refusal.class)
    ResponseEntity<ApiError> refused(Refusal e) {
        return ResponseEntity.status(e.status()).body(e.answer());
    }

    @ExceptionHandler(InvalidInput.class)
    ResponseEntity<ApiError> invalid(InvalidInput e) {
        return badRequest(e.error(), e.getMessage());
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ApiError> mistyped(MethodArgumentTypeMismatchException e) {
        Class<?> type = e.getRequiredType();
        return badRequest(
                "invalid_parameter",
                e.getName() + " must be " + (type == null ? "valid" : "a " + type.getSimpleName()));
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<ApiError> missing(MissingServletRequestParameterException e) {
        return badRequest("invalid_parameter", e.getParameterName() + " is required");
    }

    @ExceptionHandler(HttpMessageNotReadableException.class)
    ResponseEntity<ApiError> unreadable(HttpMessageNotReadableException e) {
        Throwable cause = e.getMostSpecificCause();
        if (cause instanceof UnrecognizedPropertyException unknown) {
            return badRequest("invalid_json", "unknown field " + unknown.getPropertyName());
        }
        if (cause instanceof JacksonException json) {
            String field = json.getPath().stream()
                    .map(JacksonException.Reference::getPropertyName)
                    .filter(name -> name != null)
                    .collect(Collectors.joining("."));
            return badRequest(
                    "invalid_json",
                    field.isEmpty()
                            ? "the body is not the JSON object expected"
                            : "field " + field + " is not of the expected type or range");
        }
        return badRequest("invalid_json", "the request body is missing or unreadable");
    }

    private static ResponseEntity<ApiError> badRequest(String error, String detail) {
        return ResponseEntity.badRequest().body(new ApiError(error, detail));
    }
}
