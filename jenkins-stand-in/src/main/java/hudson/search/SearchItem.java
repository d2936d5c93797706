package hudson.search;

public interface SearchItem {
}
