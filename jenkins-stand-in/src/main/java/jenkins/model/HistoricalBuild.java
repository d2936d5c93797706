package jenkins.model;

public interface HistoricalBuild extends FullyNamedModelObject {
}
