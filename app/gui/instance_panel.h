#pragma once
// Where the instance comes from: a generator with its parameters, a file, or a recently used file.

#include <QStringList>
#include <QWidget>

#include "app/gui/lap_session.h"

QT_BEGIN_NAMESPACE
class QComboBox;
class QListWidget;
class QSettings;
class QSpinBox;
QT_END_NAMESPACE

namespace ms::studio {

class InstancePanel : public QWidget {
  Q_OBJECT
 public:
  static constexpr int kRecentFileCount = 8;

  explicit InstancePanel(QWidget* parent = nullptr);

  LapInstanceSource generatorSource() const;
  void setGeneratorSource(const lap::GeneratorSpec& spec);
  void addRecentFile(const QString& path);  // most recent first, without duplicates
  QStringList recentFiles() const { return recent_; }

  void saveSettings(QSettings& settings) const;
  void restoreSettings(const QSettings& settings);

 signals:
  void sourceRequested(const ms::studio::LapInstanceSource& source);

 private:
  void openFileDialog();
  void refreshRecentList();

  QComboBox* generator_;
  QSpinBox* size_;
  QComboBox* range_;
  QSpinBox* seed_;
  QListWidget* recentList_;
  QStringList recent_;
};

}  // namespace ms::studio
