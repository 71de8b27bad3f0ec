package dev.payhook.ops;

import static org.assertj.core.api.Assertions.assertThat;

import dev.payhook.support.Browser;
import dev.payhook.support.GatewayTest;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/** Swagger UI over the OpenAPI document, opened from the console in a real headless Chromium. */
class ApiExplorerBrowserTest extends GatewayTest {

    private Browser browser;
    private String console;

    @BeforeEach
    void openBrowser() {
        browser = new Browser();
        console = "http://127.0.0.1:" + gateway.managementPort();
    }

    @AfterEach
    void closeBrowser() {
        browser.close();
    }

    @Test
    void theConsolesApiLinkOpensSwaggerUiWhichCallsTheApiWithTheSession() {
        browser.logIn(console, "Asha", DEADLINE);
        browser.driver.findElement(By.id("nav-api")).click();

        WebElement counts = browser.waitFor(operation("get", "/ops/dead-letters/counts"), DEADLINE);
        assertThat(browser.driver.findElements(operation("put", "/api/orders/{orderId}")))
                .as("the order API is in the document too")
                .hasSize(1);
        counts.findElement(By.cssSelector(".opblock-summary")).click();
        browser.waitFor(By.cssSelector(".try-out__btn"), DEADLINE).click();
        browser.waitFor(By.cssSelector(".btn.execute"), DEADLINE).click();
        new WebDriverWait(browser.driver, DEADLINE)
                .until(ExpectedConditions.textToBePresentInElementLocated(
                        By.cssSelector(".live-responses-table tr.response .response-col_status"), "200"));
        assertThat(browser.driver
                        .findElement(By.cssSelector(".live-responses-table tr.response .response-col_description"))
                        .getText())
                .as("the counts, asked for with the console's session")
                .contains("\"by_reason\"");
        browser.screenshot("api-explorer");

        List<String> refused = browser.driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .map(LogEntry::getMessage)
                .filter(message -> message.contains("Content Security Policy"))
                .toList();
        assertThat(refused)
                .as("nothing Swagger UI loads is refused by the page's policy")
                .isEmpty();
    }

    private static By operation(String method, String path) {
        return By.xpath("//div[contains(@class,'opblock-" + method + "')][.//*[@data-path='" + path + "']]");
    }
}
