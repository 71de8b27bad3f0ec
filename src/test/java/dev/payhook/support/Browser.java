package dev.payhook.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium driven by Selenium through Debian's chromedriver (.ci/run installs both):
 * Selenium Manager cannot download drivers here. Screenshots go to target/screenshots.
 */
public final class Browser implements AutoCloseable {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    public static final Path SCREENSHOTS = Path.of("target/screenshots");

    public final ChromeDriver driver;

    public Browser() {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            throw new IllegalStateException("the console tests need Debian's chromium and chromium-driver "
                    + "(apt-get install chromium chromium-driver; .ci/run installs them)");
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1366,860");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        driver = new ChromeDriver(service, options);
        driver.manage().window().setSize(new Dimension(1366, 860));
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    }

    /**
     * Logs in to the console at {@code console} with the ops token as {@code name}, from the
     * login form a browser without a session is sent to.
     */
    public void logIn(String console, String name, Duration deadline) {
        driver.get(console + "/ops/");
        if (!driver.getCurrentUrl().endsWith("/ops/login")) {
            throw new AssertionError("a browser without a session is sent to the login, not " + driver.getCurrentUrl());
        }
        driver.findElement(By.id("token")).sendKeys(Gateway.OPS_TOKEN);
        driver.findElement(By.id("name")).sendKeys(name);
        clickToLoad(driver.findElement(By.id("login")), deadline);
        waitFor(By.id("open-dead-letters"), deadline);
    }

    /**
     * Clicks something that loads a page and waits until the old page is gone, so no lookup finds
     * its elements. While the old document is being torn down chromedriver may answer "node does
     * not belong to the document" instead of "stale": asked again, it says stale.
     */
    public void clickToLoad(WebElement element, Duration deadline) {
        WebElement page = driver.findElement(By.tagName("html"));
        element.click();
        new WebDriverWait(driver, deadline)
                .ignoring(WebDriverException.class)
                .until(ExpectedConditions.stalenessOf(page));
    }

    public WebElement waitFor(By by, Duration deadline) {
        return new WebDriverWait(driver, deadline).until(ExpectedConditions.presenceOfElementLocated(by));
    }

    /** Saves what the browser shows now as target/screenshots/{name}.png. */
    public void screenshot(String name) {
        try {
            Files.createDirectories(SCREENSHOTS);
            Path shot = driver.getScreenshotAs(OutputType.FILE).toPath();
            Files.copy(shot, SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        driver.quit();
    }
}
