/**
 * What runs leave behind: run records (rows and deploys), their small summaries, the latest status of
 * each stack, the deploy trail, and markers of deploys in progress — JSON files in one directory,
 * each written atomically (temporary file, flush to disk, rename). {@link io.stackdrift.record.HistoryStore}
 * is the entry point; docs/records.md describes the layout and the interrupted-deploy protocol.
 */
package io.stackdrift.record;
