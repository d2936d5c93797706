package hudson;

import java.util.AbstractList;

import edu.umd.cs.findbugs.annotations.CheckForNull;
import edu.umd.cs.findbugs.annotations.NonNull;
import jenkins.model.Jenkins;
import jenkins.util.io.OnMaster;

public class ExtensionList<T> extends AbstractList<T> implements OnMaster {
    protected ExtensionList(Jenkins jenkins, Class<T> extensionType) {
    }

    public @CheckForNull <U extends T> U get(@NonNull Class<U> type) {
        throw new UnsupportedOperationException();
    }

    public static @NonNull <U> U lookupSingleton(Class<U> type) {
        throw new UnsupportedOperationException();
    }

    @Override
    public T get(int index) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int size() {
        throw new UnsupportedOperationException();
    }
}
