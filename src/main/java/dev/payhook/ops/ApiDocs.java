package dev.payhook.ops;

import dev.payhook.payment.WireName;
import dev.payhook.provider.Identifiers;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springdoc.core.customizers.ParameterCustomizer;
import org.springframework.core.MethodParameter;
import org.springframework.stereotype.Component;
import org.springframework.web.method.HandlerMethod;

/**
 * What the OpenAPI document says of the API's inputs and refusals beyond what springdoc reads from
 * the types: the ranges of the checks {@link Inputs} makes (page sizes, the names a parameter takes
 * ({@link OneOf}), times and identifiers), and the answers a handler {@link Refuses}.
 */
@Component
class ApiDocs implements ParameterCustomizer, OperationCustomizer {

    private static final Set<String> TIMES = Set.of("since", "received_from", "received_to");

    private static final Set<String> IDENTIFIERS =
            Set.of("provider", "event_type", "event_id", "order_id", "orderId", "endpoint", "ref");

    @Override
    @SuppressWarnings("unchecked")
    public Parameter customize(Parameter parameter, MethodParameter method) {
        if (parameter == null || parameter.getSchema() == null) {
            return parameter;
        }
        Schema<Object> schema = parameter.getSchema();
        String name = parameter.getName();
        OneOf oneOf = method.getParameterAnnotation(OneOf.class);
        if (oneOf != null) {
            schema.setEnum(Stream.concat(wireNames(oneOf.value()), Stream.of(oneOf.also()))
                    .map(Object.class::cast)
                    .toList());
        } else if (name.equals("limit")) {
            schema.setMinimum(BigDecimal.ONE);
            schema.setMaximum(BigDecimal.valueOf(Inputs.MAX_ROWS));
        } else if (name.equals("after_id")) {
            schema.setMinimum(BigDecimal.ZERO);
        } else if (TIMES.contains(name)) {
            schema.setFormat("date-time");
            schema.setDescription("an ISO-8601 instant, from " + Inputs.EARLIEST + " to " + Inputs.LATEST);
        } else if (IDENTIFIERS.contains(name) || name.equals("reason")) {
            schema.setMinLength(1);
            schema.setMaxLength(Identifiers.MAX_LENGTH);
        }
        return parameter;
    }

    /** The {@link Refuses} answers of the handler; the document's customizer gives each the error schema. */
    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        Map<Integer, String> errors = new TreeMap<>();
        for (Refuses refusal : handler.getMethod().getAnnotationsByType(Refuses.class)) {
            errors.merge(refusal.status(), refusal.error(), (a, b) -> a + ", " + b);
        }
        errors.forEach((status, names) ->
                operation.getResponses().addApiResponse(String.valueOf(status), new ApiResponse().description(names)));
        return operation;
    }

    private static Stream<String> wireNames(Class<? extends WireName> type) {
        return Stream.of(type.getEnumConstants()).map(WireName::wireName);
    }
}
