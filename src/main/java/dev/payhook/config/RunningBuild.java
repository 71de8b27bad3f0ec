package dev.payhook.config;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationStartedEvent;
import org.springframework.boot.info.BuildProperties;
import org.springframework.boot.info.GitProperties;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Which build is running, said once at start: the version and the commit it was built from, as
 * {@code /actuator/info} and the image's labels say them. A build without them (from a source
 * archive, say) says "unknown".
 */
@Component
public class RunningBuild {

    private static final Logger log = LoggerFactory.getLogger(RunningBuild.class);

    private final String version;
    private final String commit;

    public RunningBuild(ObjectProvider<BuildProperties> build, ObjectProvider<GitProperties> git) {
        this.version =
                build.stream().map(BuildProperties::getVersion).findFirst().orElse("unknown");
        this.commit = git.stream()
                .map(g -> g.getShortCommitId() + ("true".equals(g.get("dirty")) ? " with uncommitted changes" : ""))
                .findFirst()
                .orElse("unknown");
    }

    @EventListener(ApplicationStartedEvent.class)
    public void say() {
        log.info("Payhook {}, commit {}", version, commit);
    }
}
