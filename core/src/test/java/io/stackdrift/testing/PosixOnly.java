package io.stackdrift.testing;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * A test that needs a POSIX system: it runs the scripted stand-in tools (bash scripts), makes symlinks or
 * FIFOs, or sets POSIX permissions. The plugin's CI has a Windows configuration, where such a test is skipped
 * with this reason instead of failing. {@link PosixOnlyRule} checks that every test class using the scripted
 * tools carries it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@DisabledOnOs(value = OS.WINDOWS, disabledReason = "needs a POSIX shell, symlinks or POSIX permissions")
public @interface PosixOnly {
}
