package io.stackdrift.config;

/** One item of the top-level {@code ignore:}: stack directories left out of discovery, and why. */
record IgnoreEntry(String dir, String reason, Location at) {
}
