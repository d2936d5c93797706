package hudson;

import java.util.TreeMap;

public class EnvVars extends TreeMap<String, String> {
    public EnvVars() {
    }
}
