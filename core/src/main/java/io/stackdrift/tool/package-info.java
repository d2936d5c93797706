/**
 * Running the tools: command lines per tool and purpose, and the {@link io.stackdrift.spi.ProcessRunner}
 * port that the CLI implements with {@code ProcessBuilder} and the plugin with Jenkins' {@code Launcher}.
 */
package io.stackdrift.tool;
