package hudson.util;

import java.util.AbstractList;

import hudson.model.Run;

public class RunList<R extends Run> extends AbstractList<R> {
    public RunList() {
    }

    @Override
    public R get(int index) {
        throw new UnsupportedOperationException();
    }

    @Override
    public int size() {
        throw new UnsupportedOperationException();
    }
}
