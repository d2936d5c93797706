package net.sf.json;

import java.io.Serializable;

public interface JSON extends Serializable {
}
