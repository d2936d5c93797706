package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.mockStatic;

import hudson.util.FormValidation;
import org.junit.jupiter.api.Test;
import org.mockito.MockedStatic;
import org.mockito.Mockito;
import org.objenesis.ObjenesisStd;
import org.springframework.security.access.AccessDeniedException;

/** The form checks of the global configuration (FormValidation is mocked: the stand-in's factories only throw). */
class StackDriftGlobalConfigurationTest {
    private final StackDriftGlobalConfiguration configuration =
            new ObjenesisStd().newInstance(StackDriftGlobalConfiguration.class);

    @Test
    void resultWordsAreCheckedInTheFormBlankIsTheDefault() {
        try (MockedStatic<FormValidation> validation = mockStatic(FormValidation.class);
                MockedStatic<JenkinsFacade> facade = mockStatic(JenkinsFacade.class)) {
            validation.when(FormValidation::ok).thenReturn(mock(FormValidation.class));
            configuration.doCheckDefaultDriftResult("");
            configuration.doCheckDefaultFailedResult("failure");
            validation.verify(FormValidation::ok, Mockito.times(2));

            configuration.doCheckDefaultDriftResult("ORANGE");
            validation.verify(() -> FormValidation.error("'ORANGE' is not a build result; use SUCCESS, UNSTABLE or FAILURE"));
        }
    }

    @Test
    void theFormChecksAnswerAdministratorsOnly() {
        try (MockedStatic<FormValidation> validation = mockStatic(FormValidation.class);
                MockedStatic<JenkinsFacade> facade = mockStatic(JenkinsFacade.class)) {
            facade.when(JenkinsFacade::checkAdminister).thenThrow(new AccessDeniedException("not an administrator"));
            assertThatThrownBy(() -> configuration.doCheckDefaultDriftResult("ORANGE")).isInstanceOf(AccessDeniedException.class);
            assertThatThrownBy(() -> configuration.doCheckDefaultFailedResult("ORANGE")).isInstanceOf(AccessDeniedException.class);
            validation.verifyNoInteractions();
        }
    }
}
