package org.kohsuke.stapler.export;

public interface CustomExportedBean {
}
