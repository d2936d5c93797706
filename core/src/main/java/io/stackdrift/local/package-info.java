/**
 * The local machine's implementations of the ports, for the command line and the tests: OS file locks per stack
 * ({@code FileStackLocks}) and processes started with {@code ProcessBuilder} ({@code LocalProcessRunner}, which keeps
 * the end of a tool's stderr with {@code StderrTail}). The Jenkins plugin has its own.
 */
package io.stackdrift.local;
