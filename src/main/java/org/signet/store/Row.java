package org.signet.store;

import java.sql.ResultSet;
import java.sql.SQLException;

/** Reads one result row; nullable integer columns come back as null rather than 0. */
public final class Row {
    private final ResultSet rs;
    private final ColumnIndex columns;

    Row(ResultSet rs, ColumnIndex columns) {
        this.rs = rs;
        this.columns = columns;
    }

    public String string(String column) throws SQLException {
        return rs.getString(at(column));
    }

    public long getLong(String column) throws SQLException {
        return rs.getLong(at(column));
    }

    public long longAt(int index) throws SQLException {
        return rs.getLong(index);
    }

    public int getInt(String column) throws SQLException {
        return rs.getInt(at(column));
    }

    public double getDouble(String column) throws SQLException {
        return rs.getDouble(at(column));
    }

    public boolean bool(String column) throws SQLException {
        return rs.getInt(at(column)) != 0;
    }

    public Long nullableLong(String column) throws SQLException {
        long v = rs.getLong(at(column));
        return rs.wasNull() ? null : v;
    }

    public Integer nullableInt(String column) throws SQLException {
        int v = rs.getInt(at(column));
        return rs.wasNull() ? null : v;
    }

    /** The value at a 1-based position as the driver gives it, for copying rows whatever their columns. */
    Object objectAt(int index) throws SQLException {
        return rs.getObject(index);
    }

    public byte[] bytes(String column) throws SQLException {
        return rs.getBytes(at(column));
    }

    private int at(String column) throws SQLException {
        return columns.of(column, rs);
    }

    /** Maps a row to a value; may throw SQLException, which the caller wraps once. */
    @FunctionalInterface
    public interface Mapper<T> {
        T map(Row row) throws SQLException;
    }
}
