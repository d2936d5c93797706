package io.stackdrift.render;

/**
 * Upper bounds that keep every page a readable size, however large the run: a 1,000-stack,
 * 50,000-change run still gives pages a browser opens at once.
 *
 * @param maxTableRows      rows written into the build page table; beyond it a note says how many more
 * @param pageSize          rows the script shows per page (without the script every written row shows)
 * @param maxChangesPerPage changes listed on one stack page, over all its sections
 * @param maxPathsPerChange attribute paths listed under one change
 * @param maxDependsOn      stack ids listed in one "depends on" cell
 * @param maxTrailEntries   entries of "Recently deployed"
 * @param maxTrendRuns      runs in the drift picture (the newest)
 */
public record RenderLimits(int maxTableRows, int pageSize, int maxChangesPerPage, int maxPathsPerChange,
        int maxDependsOn, int maxTrailEntries, int maxTrendRuns) {
    public static final RenderLimits DEFAULTS = new RenderLimits(2_000, 50, 500, 100, 8, 30, 30);

    public RenderLimits {
        if (maxTableRows < 1 || pageSize < 1 || maxChangesPerPage < 1 || maxPathsPerChange < 1 || maxDependsOn < 1
                || maxTrailEntries < 1 || maxTrendRuns < 1) {
            throw new IllegalArgumentException("every render limit must be at least 1");
        }
    }
}
