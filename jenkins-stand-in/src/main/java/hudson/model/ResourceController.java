package hudson.model;

public class ResourceController {
}
