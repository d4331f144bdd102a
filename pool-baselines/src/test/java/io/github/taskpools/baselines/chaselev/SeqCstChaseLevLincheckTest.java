package io.github.taskpools.baselines.chaselev;

import io.github.taskpools.chaselev.ChaseLevLincheckTest;
import io.github.taskpools.testkit.LincheckSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * pool-core's {@link ChaseLevLincheckTest} (its scenario, custom scenarios and bounded-deque
 * specification) for {@link SeqCstChaseLevDeque}.
 */
@EnabledIf(value = "io.github.taskpools.testkit.LincheckSupport#runsOnThisJdk",
        disabledReason = "Lincheck 2.39 with ASM 9.8 cannot instrument class files newer than Java 25")
class SeqCstChaseLevLincheckTest {

    @Test
    void seqCstModelChecking() throws NoSuchMethodException {
        LincheckSupport.check(SeqCstScenario.class, ChaseLevLincheckTest.options());
    }

    public static final class SeqCstScenario extends ChaseLevLincheckTest.Scenario {
        public SeqCstScenario() {
            super(new SeqCstChaseLevDeque<>(ChaseLevLincheckTest.CAPACITY));
        }
    }
}
