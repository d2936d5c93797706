package io.stackdrift.config;

/** A value as one place in the file sets it; the position is for conflict and validation messages. */
record Setting<T>(T value, Location at) {
}
