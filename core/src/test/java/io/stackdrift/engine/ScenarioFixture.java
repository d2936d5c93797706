package io.stackdrift.engine;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one setup of the engine's scenario tests: each test gets a repository and a scratch directory of its own and a
 * {@link Scenario} over them whose clock stands at {@link Scenario#NOW} until the test moves it.
 */
abstract class ScenarioFixture {
    /** The configuration of one stack, {@code net}, whose drift a check puts back (drift mode correct). */
    static final String NET_IN_MODE_CORRECT = "stacks:\n  - dir: net\n    drift:\n      mode: correct\n";

    @TempDir
    Path repo;
    @TempDir
    Path scratch;
    /** This test's scenario, new for each test. */
    Scenario s;

    @BeforeEach
    final void newScenario() {
        s = Scenario.atNow(repo, scratch);
    }
}
