package hudson.model;

import java.io.Serializable;

import edu.umd.cs.findbugs.annotations.NonNull;
import org.kohsuke.stapler.export.CustomExportedBean;

/** Constants carry their real names and ordinals so that result mapping is testable on the stand-in. */
public final class Result implements Serializable, CustomExportedBean {
    public static final @NonNull Result SUCCESS = new Result("SUCCESS", BallColor.BLUE, 0, true);
    public static final @NonNull Result UNSTABLE = new Result("UNSTABLE", BallColor.YELLOW, 1, true);
    public static final @NonNull Result FAILURE = new Result("FAILURE", BallColor.RED, 2, true);
    public static final @NonNull Result NOT_BUILT = new Result("NOT_BUILT", BallColor.NOTBUILT, 3, false);
    public static final @NonNull Result ABORTED = new Result("ABORTED", BallColor.ABORTED, 4, false);

    private final @NonNull String name;
    public final int ordinal;
    public final @NonNull BallColor color;
    public final boolean completeBuild;

    private Result(@NonNull String name, @NonNull BallColor color, int ordinal, boolean complete) {
        this.name = name;
        this.color = color;
        this.ordinal = ordinal;
        this.completeBuild = complete;
    }

    public @NonNull Result combine(@NonNull Result that) {
        throw new UnsupportedOperationException();
    }

    public boolean isWorseThan(@NonNull Result that) {
        throw new UnsupportedOperationException();
    }

    public boolean isBetterThan(@NonNull Result that) {
        throw new UnsupportedOperationException();
    }

    @Override
    public @NonNull String toString() {
        return name;
    }
}
