/**
 * The ports a host implements for the engine, and the values they carry: processes ({@code ProcessRunner},
 * {@code ToolSettings}), per-stack locks ({@code StackLocks}), the history the engine reads ({@code HistoryView})
 * and the markers of running deploys it writes ({@code DeployJournal}), credentials ({@code CredentialsResolver})
 * and progress ({@code ProgressListener}, {@code ReportListener}). They depend on model values and records only,
 * so the tool and deploy layers that use them sit above them and the hosts can implement them without seeing the
 * engine's inside (docs/architecture.md). The local machine's implementations are in {@code io.stackdrift.local}.
 */
package io.stackdrift.spi;
