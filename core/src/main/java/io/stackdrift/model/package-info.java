/**
 * The shared vocabulary of the engine: stack ids, tools, changes, rows and their states. Immutable
 * values only; every other package speaks in these types. Nothing here ever holds a value from a plan
 * or a state — attribute paths only. The one value that touches the disk is {@link io.stackdrift.model.ChangeList}:
 * a long list of changes waits in a spill file written once, so that memory follows the number of stacks.
 */
package io.stackdrift.model;
