package net.sf.json;

abstract class AbstractJSON implements JSON {
}
