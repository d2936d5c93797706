/**
 * The shared vocabulary of the engine: stack ids, tools, changes, rows and their states. Immutable
 * values only; every other package speaks in these types. Nothing here ever holds a value from a plan
 * or a state — attribute paths only.
 */
package io.stackdrift.model;
