package io.jenkins.plugins.stackdrift;

import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockStatic;

import org.junit.jupiter.api.Test;
import org.mockito.MockedStatic;

import hudson.util.FormValidation;

/** The form checks of the global configuration (FormValidation is mocked: the stand-in's factories only throw). */
class StackDriftGlobalConfigurationTest {
    private final StackDriftGlobalConfiguration configuration =
            new org.objenesis.ObjenesisStd().newInstance(StackDriftGlobalConfiguration.class);

    @Test
    void resultWordsAreCheckedInTheFormBlankIsTheDefault() {
        try (MockedStatic<FormValidation> validation = mockStatic(FormValidation.class)) {
            validation.when(FormValidation::ok).thenReturn(mock(FormValidation.class));
            configuration.doCheckDefaultDriftResult("");
            configuration.doCheckDefaultFailedResult("failure");
            validation.verify(FormValidation::ok, org.mockito.Mockito.times(2));

            configuration.doCheckDefaultDriftResult("ORANGE");
            validation.verify(() -> FormValidation.error("'ORANGE' is not a build result; use SUCCESS, UNSTABLE or FAILURE"));
        }
    }
}
