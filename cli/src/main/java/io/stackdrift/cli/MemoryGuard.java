package io.stackdrift.cli;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

import com.sun.management.GarbageCollectionNotificationInfo;

/**
 * Stops a command before its heap runs out: when a full collection (or, with G1, {@link #YOUNG_IN_A_ROW} young ones in a row)
 * leaves the heap's long-lived pool more than {@link #FULL_PERCENT} % full, the command's thread is interrupted as by
 * Ctrl-C (running stacks are recorded as interrupted, the record and the pages of what ran are written), and
 * {@link #why()} says so in one line. Without it a
 * run under a small heap cap collected garbage for minutes and then died of {@link OutOfMemoryError}, writing nothing.
 */
final class MemoryGuard implements AutoCloseable {
    /** How full the long-lived pools may stay after a collection: room is left for the save and the pages. */
    static final int FULL_PERCENT = 85;
    /**
     * G1's young collections in a row that leave the long-lived pools that full: G1 reports its mixed collections as
     * young ones and may run out before a full one is reported, so three over the line in a row count as a full one.
     * The serial and parallel collectors' old generation keeps garbage until a full collection: only a full one counts.
     */
    static final int YOUNG_IN_A_ROW = 3;

    private final AtomicReference<String> why = new AtomicReference<>();
    private final List<NotificationEmitter> emitters = new ArrayList<>();
    private final Thread command;
    private final NotificationListener listener = this::collected;
    private int overInARow;

    private MemoryGuard(final Thread command) {
        this.command = command;
    }

    /** Watches the heap for {@code command}'s whole run; close it when the command is done. */
    static MemoryGuard install(final Thread command) {
        MemoryGuard guard = new MemoryGuard(command);
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (collector instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(guard.listener, null, null);
                guard.emitters.add(emitter);
            }
        }
        return guard;
    }

    private synchronized void collected(final Notification notification, final Object handback) {
        if (!GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())
                || !(notification.getUserData() instanceof CompositeData data)) {
            return;
        }
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(data);
        long used = 0;
        long max = 0;
        for (Map.Entry<String, MemoryUsage> pool : info.getGcInfo().getMemoryUsageAfterGc().entrySet()) {
            // what survives lives in the pools that are neither eden nor survivor (tenured, old gen); the others are
            // emptied by every collection, and the non-heap pools are not the heap
            String name = pool.getKey();
            if (LONG_LIVED.contains(name) && pool.getValue().getMax() > 0) {
                used += pool.getValue().getUsed();
                max += pool.getValue().getMax();
            }
        }
        boolean over = max > 0 && used > max / 100 * FULL_PERCENT;
        boolean major = info.getGcAction().contains("major");
        overInARow = over ? overInARow + 1 : 0;
        if (over && (major || info.getGcName().startsWith("G1") && overInARow >= YOUNG_IN_A_ROW)
                && why.compareAndSet(null, "stopped: the memory is running out (the heap stays over " + FULL_PERCENT
                        + " % full after collecting, of " + (Runtime.getRuntime().maxMemory() >> 20) + " MB); stacks that "
                        + "were running are recorded as interrupted. Give Java more (STACKDRIFT_JAVA_OPTS=-Xmx...) or "
                        + "check fewer stacks per run (--stacks)")) {
            command.interrupt();
        }
    }

    /** The heap's pools that keep what survives, by name (serial, parallel, G1, Shenandoah and ZGC name them so). */
    private static final Set<String> LONG_LIVED = Set.of("Tenured Gen", "PS Old Gen", "G1 Old Gen", "Shenandoah",
            "ZHeap", "ZGC Old Generation");

    /** The line that says why the command was stopped, when it was. */
    Optional<String> why() {
        return Optional.ofNullable(why.get());
    }

    @Override
    public void close() {
        for (NotificationEmitter emitter : emitters) {
            try {
                emitter.removeNotificationListener(listener);
            } catch (ListenerNotFoundException e) {
                // not there: nothing to remove
            }
        }
    }
}
