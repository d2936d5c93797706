package io.stackdrift.record;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.stackdrift.model.DeployKind;
import io.stackdrift.model.StackId;

/**
 * The markers of deploys in progress (docs/records.md, "Interrupted deploys"): one file per running deploy or
 * destroy, written before the apply and removed after it; a marker whose run has died becomes an "interrupted"
 * trail entry. The caller ({@link HistoryStore}) holds the history's write lock around every change.
 */
final class DeployMarkers {
    private final HistoryLayout layout;
    private final TolerantJsonFiles files;
    private final JsonFactory factory = new ObjectMapper().getFactory();

    DeployMarkers(final HistoryLayout layout, final TolerantJsonFiles files) {
        this.layout = layout;
        this.files = files;
    }

    DeployMarker markStarted(final StackId stack, final String runId, final long startedAt, final DeployKind kind) throws IOException {
        DeployMarker marker = new DeployMarker(stack, runId, startedAt, HostName.VALUE, ProcessOwner.current(), kind);
        AtomicFiles.write(layout.markerFile(stack), out -> {
            try (JsonGenerator g = factory.createGenerator(out)) {
                RecordJson.writeMarker(g, marker);
            }
        });
        return marker;
    }

    void markFinished(final StackId stack) throws IOException {
        Files.deleteIfExists(layout.markerFile(stack));
    }

    /** Markers of deploys that started and have not finished (running, or left by a run that died), by stack. */
    List<DeployMarker> inProgress() {
        List<DeployMarker> out = new ArrayList<>();
        for (Path file : HistoryLayout.list(layout.markersDir())) {
            if (file.getFileName().toString().endsWith(".json") && !AtomicFiles.isTemporary(file)) {
                files.read(file, RecordJson::readMarker).ifPresent(out::add);
            }
        }
        out.sort(Comparator.comparing(DeployMarker::stack));
        return out;
    }

    /**
     * What the markers of dead runs become.
     *
     * @param entries   one "interrupted" trail entry per such marker, newest first
     * @param destroyed the stacks of those that were destroys: part of each may be gone
     */
    record Recovery(List<TrailEntry> entries, Set<StackId> destroyed) {
    }

    /** The markers whose run is no longer running, as trail entries (the markers themselves stay). */
    Recovery interrupted(final Predicate<DeployMarker> stillRunning) {
        List<TrailEntry> added = new ArrayList<>();
        Set<StackId> destroyed = new TreeSet<>();
        for (DeployMarker marker : inProgress()) {
            if (!stillRunning.test(marker)) {
                // when the run died is unknown: its start is the last moment known, so lists order it there, not at 1970
                added.add(new TrailEntry(marker.stack(), marker.runId(), marker.startedAt(), marker.startedAt(), TrailResult.INTERRUPTED,
                        false, List.of(), "run " + marker.runId() + " ended before this " + marker.kind().word()
                                + " finished; look at the stack's state before deploying it again", 0));
                if (marker.kind() == DeployKind.DESTROY) {
                    destroyed.add(marker.stack());
                }
            }
        }
        added.sort(Comparator.comparingLong(TrailEntry::startedAt).reversed());
        return new Recovery(List.copyOf(added), destroyed);
    }

    /**
     * The CLI's liveness test: a marker from this machine is running while its process runs, the same process (its pid
     * and, where the marker has it, its start time: in a fresh pid namespace, a container job, the next run often gets
     * the pid of the one that died); never one of this process's pid, since the CLI asks as its run starts, before it
     * writes a marker of its own. One from another machine cannot be judged here and counts as running.
     */
    static boolean isRunningHere(final DeployMarker marker) {
        if (!marker.host().equals(HostName.VALUE)) {
            return true;
        }
        return marker.owner().pid() != ProcessHandle.current().pid() && marker.owner().isAlive();
    }

    /** Looked up once: a name lookup can be slow. */
    private static final class HostName {
        static final String VALUE = lookUp();

        private static String lookUp() {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                return "";
            }
        }
    }
}
