package io.stackdrift.runner;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The files of one durable step's directory on the agent, the protocol between the host that launches tools and
 * the engine process that asks for them (docs/architecture.md, "The plugin's agent side"). Each file has one writer:
 * the host writes {@code request.json}, {@code secrets/}, {@code stop}, {@code calls/N.launched}; the engine process
 * writes {@code log}, {@code status.json}, {@code calls/N.json}, {@code calls/N.stop}, {@code record.json},
 * {@code result.json}; the tool wrapper writes {@code calls/N.out}, {@code .err} and {@code .exit}.
 *
 * @param root the step directory (absolute)
 */
public record StepDirectory(Path root) {
    /** Beside an inner wrapper's output file: the tool's stderr. */
    public static final String TOOL_ERR_SUFFIX = ".stderr";
    /** Beside an inner wrapper's output file: the tool was not found. */
    public static final String TOOL_MISSING_SUFFIX = ".missing";

    public StepDirectory {
        Objects.requireNonNull(root, "root");
    }

    public boolean exists() {
        return Files.isDirectory(root);
    }

    /** The typed request, written once by the host before the engine process starts. */
    public Path request() {
        return root.resolve("request.json");
    }

    /** The values the host bound, readable by the step's user only; nothing outside it holds a secret. */
    public Path secrets() {
        return root.resolve("secrets");
    }

    /** The run's console lines, masked, appended by the engine process. */
    public Path log() {
        return root.resolve("log");
    }

    public Path status() {
        return root.resolve("status.json");
    }

    /** Written last, atomically: its presence says the run ended. */
    public Path result() {
        return root.resolve("result.json");
    }

    /** The run's record, written just before {@link #result()}. */
    public Path record() {
        return root.resolve("record.json");
    }

    /** Asked by the host: the engine starts no new tool call, and every wrapper stops its tool gently. */
    public Path stop() {
        return root.resolve("stop");
    }

    public boolean stopAsked() {
        return Files.exists(stop());
    }

    public Path calls() {
        return root.resolve("calls");
    }

    /** Call {@code n}: the argument vector, working directory and variable names the engine asks for. */
    public Path call(final int n) {
        return calls().resolve(n + ".json");
    }

    public Path out(final int n) {
        return calls().resolve(n + ".out");
    }

    public Path err(final int n) {
        return calls().resolve(n + ".err");
    }

    /**
     * The tool's own stderr when the host runs it inside an inner wrapper that redirects it ({@code OUT} being
     * {@link #out}, this {@code OUT.stderr}); the wrapper's {@link #err} is then empty.
     */
    public Path toolErr(final int n) {
        return calls().resolve(n + ".out" + TOOL_ERR_SUFFIX);
    }

    /** Left by such an inner wrapper when the shell found no executable of the tool's name. */
    public Path toolMissing(final int n) {
        return calls().resolve(n + ".out" + TOOL_MISSING_SUFFIX);
    }

    /** The tool's exit status, written by the wrapper through a rename. */
    public Path exit(final int n) {
        return calls().resolve(n + ".exit");
    }

    /** Asked by the engine for one call (its timeout): the wrapper stops that tool gently. */
    public Path callStop(final int n) {
        return calls().resolve(n + ".stop");
    }

    /** Made by the host before it launches call {@code n}, so a host that restarts never launches a call twice. */
    public Path launched(final int n) {
        return calls().resolve(n + ".launched");
    }

    /**
     * Claims call {@code n} for launching: true once, for the first claimant; false when a host (this one before a
     * restart) already claimed it.
     */
    public boolean claim(final int n) throws IOException {
        try {
            Files.createFile(launched(n));
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        }
    }

    /** Plan files and tool output of the run. */
    public Path work() {
        return root.resolve("work");
    }

    /** The part of the job's history the engine reads, copied here by the host. */
    public Path history() {
        return root.resolve("history");
    }

    /** The files a shard's engine and its host pass the build's board of shards through ({@code durable.BoardFiles}). */
    public Path board() {
        return root.resolve("board");
    }
}
