package dev.payhook.web;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;

/**
 * An error no handler answered (a method or a media type nobody serves) is Payhook's JSON, {@code
 * {"error":"<reason>"}}, whatever the client accepts: in place of Spring Boot's whitelabel page or
 * its own JSON shape. What the container refuses before any servlet runs is {@link JsonErrorReport}'s.
 */
@Controller
public class ErrorAnswers implements ErrorController {

    @RequestMapping("/error")
    public void error(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object status = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        // asked for by its path, not dispatched to with an error: there is nothing here
        ErrorReason reason = ErrorReason.of(status instanceof Integer code ? code : 404);
        response.resetBuffer();
        Answers.error(response, reason.status, reason.wireName);
    }
}
